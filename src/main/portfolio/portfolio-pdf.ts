// "Save as PDF" of the portfolio: main asks where in its save dialog, has Chromium print the window
// (the page's print stylesheet leaves out the sidebar, tabs and buttons), and writes the file for the
// user only. Paper follows the computer's region (Letter in the Americas that use it, A4 elsewhere);
// the tables print landscape, since their columns need the width, the overview's charts portrait.
import { writeFile } from 'node:fs/promises';
import type { PortfolioPdfView } from '../../shared/portfolio';
import type { ChooseSaveFile } from '../export/save-target';
import { writeProblem } from '../export/save-target';
import { replacePrivateFile } from '../base/private-files';
import { UserError } from '../base/user-error';

export type PaperSize = 'A4' | 'Letter';

export interface PdfLayout {
  pageSize: PaperSize;
  landscape: boolean;
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
  /** The day the views count from, in the suggested file name. */
  today: string;
  locale: string;
  chooseFile: ChooseSaveFile;
  print: PrintWindowToPdf;
}

/** Asks for a file, prints the window and writes it there; null when the user cancelled the dialog. */
export async function savePortfolioPdf(o: SavePortfolioPdf): Promise<{ path: string; pages: number } | null> {
  const path = await o.chooseFile({ suggestedName: `portfolio-${o.view}-${o.today}.pdf`, kind: 'pdf' });
  if (!path) return null;
  let pdf: Buffer;
  try {
    pdf = await o.print({ pageSize: paperSizeFor(o.locale), landscape: o.view !== 'overview' });
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
