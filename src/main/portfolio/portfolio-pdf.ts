// "Save as PDF" of the portfolio: what the window shows, printed with the page's print stylesheet
// (which leaves out the sidebar, tabs and buttons) by the one PDF writer (export/pdf-file.ts). The
// tables print landscape, since their columns need the width, the overview's charts portrait. Every
// page names the view and the day it is as of, or, for a view of money received, its period and basis.
import { formatDay, formatMoment } from '../../shared/date-style';
import type { PortfolioPdfView, PortfolioTable } from '../../shared/portfolio';
import type { ChooseSaveFile } from '../export/save-target';
import { fileNameOf } from '../export/file-name';
import { bandTemplates, savePdf } from '../export/pdf-file';
import type { PdfLayout, PrintWindowToPdf } from '../export/pdf-file';

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
export function savePortfolioPdf(o: SavePortfolioPdf): Promise<{ path: string; pages: number } | null> {
  return savePdf({
    suggestedName: fileNameOf([o.title, o.period?.text, o.connection, `as of ${o.day}`], 'pdf'),
    locale: o.locale,
    landscape: o.view !== 'overview',
    bands: pageTemplates(o),
    chooseFile: o.chooseFile,
    print: o.print,
  });
}

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
  return bandTemplates({
    left: `${o.connection} — ${title}`,
    right: o.period
      ? `${o.period.basis}, ${date(o.period.from, false)} to ${date(o.period.to, false)}${copy}`
      : `As of ${date(o.day, false)}${copy}`,
    footer: title,
  });
}
