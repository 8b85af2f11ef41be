// "Save as PDF" of the portfolio: main asks where in its save dialog, has Chromium print the window
// (the page's print stylesheet leaves out the sidebar, tabs and buttons), and writes the file for the
// user only. Paper follows the computer's region (Letter in the Americas that use it, A4 elsewhere);
// the tables print landscape, since their columns need the width, the overview's charts portrait.
// Every page carries the connection's name (the service does not name the organisation), the view, the
// day it is as of (or, for a view of money received, its period and basis) and "page N of M", in
// Chromium's page header and footer.
import { writeFile } from 'node:fs/promises';
import { formatDay, formatMoment } from '../../shared/date-style';
import type { PortfolioPdfView, PortfolioTable } from '../../shared/portfolio';
import type { ChooseSaveFile } from '../export/save-target';
import { writeProblem } from '../export/save-target';
import { fileNameOf } from '../export/file-name';
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

export interface SavePortfolioPdf {
  view: PortfolioPdfView;
  /** What the view is called on paper: "Rent roll". */
  title: string;
  /** The period and basis of a view of money received; null for a view of one day. */
  period: PortfolioTable['period'];
  /** The connection's name. */
  connection: string;
  /** The day the view counts from (YYYY-MM-DD), in the suggested file name and on every page. */
  day: string;
  /** When the offline copy the figures come from was read; null when it is incomplete. */
  copyAsOf: string | null;
  locale: string;
  chooseFile: ChooseSaveFile;
  print: PrintWindowToPdf;
}

/** Asks for a file, prints the window and writes it there; null when the user cancelled the dialog. */
export async function savePortfolioPdf(o: SavePortfolioPdf): Promise<{ path: string; pages: number } | null> {
  const path = await o.chooseFile({
    suggestedName: fileNameOf([o.title, o.period?.text, o.connection, `as of ${o.day}`], 'pdf'),
    kind: 'pdf',
  });
  if (!path) return null;
  let pdf: Buffer;
  try {
    pdf = await o.print({
      pageSize: paperSizeFor(o.locale),
      landscape: o.view !== 'overview',
      ...pageTemplates(o),
    });
  } catch (error) {
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The header and footer are drawn in the page margins in a box of their own, whose text is 0 px
// unless set; Chromium fills the pageNumber and totalPages spans on each page.
const BAND =
  'font: 8px system-ui, sans-serif; color: #444; width: 100%; margin: 0 1cm; display: flex; justify-content: space-between;';

/** Every page's header (connection, view; as of) and footer (view, page N of M). */
export function pageTemplates(
  o: Pick<SavePortfolioPdf, 'title' | 'period' | 'connection' | 'day' | 'copyAsOf' | 'locale'>,
): Pick<PdfLayout, 'headerTemplate' | 'footerTemplate'> {
  // The screens' date style, in the computer's locale (one Intl does not know: the ISO form).
  const date = (iso: string, time: boolean) => {
    try {
      return time ? formatMoment(iso, o.locale) : formatDay(iso, o.locale);
    } catch {
      return iso;
    }
  };
  const copy = o.copyAsOf ? ` · offline copy of ${date(o.copyAsOf, true)}` : '';
  const title = o.period ? `${o.title}, ${o.period.words}` : o.title;
  const left = escapeHtml(`${o.connection} — ${title}`);
  const right = escapeHtml(
    o.period
      ? `${o.period.basis}, ${date(o.period.from, false)} to ${date(o.period.to, false)}${copy}`
      : `As of ${date(o.day, false)}${copy}`,
  );
  return {
    headerTemplate: `<div style="${BAND}"><span>${left}</span><span>${right}</span></div>`,
    footerTemplate: `<div style="${BAND}"><span>PropDesk</span><span>${escapeHtml(title)}, page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
  };
}
