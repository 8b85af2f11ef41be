// The one PDF writer: main asks where in its save dialog, has Chromium print (the window with its print
// stylesheet, or a document of its own in a hidden window), and writes the file for the user only.
// Paper follows the computer's region (Letter in the Americas that use it, A4 elsewhere). Every page
// carries the connection's name (the service does not name the organisation), what is printed, as of
// when, and "page N of M", in Chromium's page header and footer.
import { writeFile } from 'node:fs/promises';
import type { ChooseSaveFile } from './save-target';
import { writeProblem } from './save-target';
import { replacePrivateFile } from '../base/private-files';
import { UserError } from '../base/user-error';

export type PaperSize = 'A4' | 'Letter';

export interface PdfLayout {
  pageSize: PaperSize;
  landscape: boolean;
  /** HTML of every page's header and footer, with Chromium's pageNumber and totalPages fields. */
  headerTemplate: string;
  footerTemplate: string;
}

/** The app's window printed with its print stylesheet, as a PDF's bytes. */
export type PrintWindowToPdf = (layout: PdfLayout) => Promise<Buffer>;

/**
 * A document of its own (HTML, no script) printed in a hidden window, as a PDF's bytes: what the
 * window cannot show whole, such as every record of a long list.
 */
export type PrintDocumentToPdf = (html: string, layout: PdfLayout) => Promise<Buffer>;

/**
 * Chromium's print options for a layout (Electron's PrintToPDFOptions): backgrounds kept, since the
 * charts' colours are backgrounds; the margins (inches) leave room for the header and footer.
 */
export function chromiumPrintOptions({ pageSize, landscape, headerTemplate, footerTemplate }: PdfLayout) {
  return {
    printBackground: true,
    pageSize,
    landscape,
    displayHeaderFooter: true,
    headerTemplate,
    footerTemplate,
    margins: { top: 0.55, bottom: 0.55, left: 0.4, right: 0.4 },
  };
}

// Regions whose offices use US Letter paper; everywhere else uses A4.
const LETTER_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'PR',
  'PH',
  'CL',
  'CO',
  'VE',
  'CR',
  'PA',
  'DO',
  'GT',
  'SV',
  'NI',
]);

/** The paper of a locale's region ("en-US" → Letter, "en-GB" → A4; no region: its likeliest one). */
export function paperSizeFor(locale: string): PaperSize {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region && LETTER_REGIONS.has(region) ? 'Letter' : 'A4';
}

/** The pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree that holds them). */
export function pdfPageCount(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0
  );
}

export interface SavePdf {
  suggestedName: string;
  locale: string;
  landscape: boolean;
  /** Every page's header and footer (bandTemplates). */
  bands: Pick<PdfLayout, 'headerTemplate' | 'footerTemplate'>;
  chooseFile: ChooseSaveFile;
  /** Prints what the PDF holds (the window, or a document of its own) with this layout. */
  print: (layout: PdfLayout) => Promise<Buffer>;
}

/** Asks for a file, prints and writes it there for the user only; null when the user cancelled the dialog. */
export async function savePdf(o: SavePdf): Promise<{ path: string; pages: number } | null> {
  const path = await o.chooseFile({ suggestedName: o.suggestedName, kind: 'pdf' });
  if (!path) return null;
  let pdf: Buffer;
  try {
    pdf = await o.print({ pageSize: paperSizeFor(o.locale), landscape: o.landscape, ...o.bands });
  } catch (error) {
    // What printing needed (a listing read) may fail in words of its own, which go as they are.
    if (typeof (error as { code?: unknown } | null)?.code === 'string') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new UserError(
      'print_failed',
      `PropDesk could not make the PDF (${reason}). Nothing was saved; try again once the page has finished loading.`,
    );
  }
  try {
    await replacePrivateFile(path, (partial) => writeFile(partial, pdf, { flag: 'w' }));
  } catch (error) {
    throw writeProblem(error, path);
  }
  return { path, pages: pdfPageCount(pdf) };
}

/** Text as HTML that shows it as it is. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The header and footer are drawn in the page margins in a box of their own, whose text is 0 px
// unless set; Chromium fills the pageNumber and totalPages spans on each page.
const BAND =
  'font: 8px system-ui, sans-serif; color: #444; width: 100%; margin: 0 1cm; display: flex; justify-content: space-between;';

/**
 * Every page's header (who and what on the left, as of when on the right) and footer (what, page N
 * of M). The words are text: markup in a connection's name stays text.
 */
export function bandTemplates(words: {
  left: string;
  right: string;
  footer: string;
}): Pick<PdfLayout, 'headerTemplate' | 'footerTemplate'> {
  return {
    headerTemplate: `<div style="${BAND}"><span>${escapeHtml(words.left)}</span><span>${escapeHtml(words.right)}</span></div>`,
    footerTemplate: `<div style="${BAND}"><span>PropDesk</span><span>${escapeHtml(words.footer)}, page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
  };
}
