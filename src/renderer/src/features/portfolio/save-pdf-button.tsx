// "Save as PDF" on the portfolio's overview and views: main asks where in its own save dialog, prints
// the window with the page's print stylesheet and writes the file. A cancel says nothing; a failure
// says what went wrong. What this button says afterwards is left off the paper. The save runs in print
// mode, so a table prints every row, not only those its scroller has drawn.
import { FileDown } from 'lucide-react';
import type { PortfolioPdfView } from '../../../../shared/portfolio';
import type { IncomePeriod } from '../../../../shared/income-period';
import { SaveOutcome } from '../collections/save-outcome';
import { useSavePdf } from './use-portfolio-api';

/** `asOfDay`: the day a dated view is seen as of, when not today; `period`: a period view's period. */
export function SavePdfButton({
  view,
  asOfDay,
  period,
}: {
  view: PortfolioPdfView;
  asOfDay?: string | undefined;
  period?: IncomePeriod | undefined;
}) {
  const saving = useSavePdf(view, asOfDay, period);
  return (
    <>
      <SaveOutcome
        saving={saving}
        what={(saved) => (saved.pages === 1 ? '1 page' : `${saved.pages?.toLocaleString() ?? 'the'} pages`)}
      />
      <button type="button" className="btn" onClick={() => saving.mutate()} disabled={saving.isPending}>
        <FileDown size={14} aria-hidden /> {saving.isPending ? 'Saving…' : 'Save as PDF'}
      </button>
    </>
  );
}
