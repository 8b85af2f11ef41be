// The preview's outcome: what the review would suggest in one sentence, the drafts it would make, a
// plain note that nothing is sent or changed, the per-lease table, and the button that makes drafts.
import { Alert } from '../../ui/alert';
import { FilePlus2, Info } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RentReviewPreview, RentReviewQuery } from '../../../../shared/drafts';
import { errorMessage } from '../../lib/call';
import { useCreateRentReview } from './use-rent-review-api';
import { RentReviewTable } from './rent-review-table';
import { useLeftOut } from './use-left-out';
import { changeSentence, draftsSentence, foundWords, keptLeaseIds, keptTotals } from './rent-review-totals';
import { TextField } from '../../ui/text-field';
import { EmptyState } from '../../ui/empty-state';

export interface RentReviewResultsProps {
  query: RentReviewQuery;
  preview: RentReviewPreview;
  /** The form no longer matches the previewed settings. */
  outdated: boolean;
  rentLabel: string;
  marketLabel: string | undefined;
  defaultLabel: string;
  money: (n: number | null) => string;
}

export function RentReviewResults({
  query,
  preview,
  outdated,
  rentLabel,
  marketLabel,
  defaultLabel,
  money,
}: RentReviewResultsProps) {
  const creating = useCreateRentReview();
  const section = useRef<HTMLElement>(null);
  // A new preview on a short window starts below the settings: bring its rows into view.
  useEffect(() => {
    const el = section.current;
    if (el && el.getBoundingClientRect().top > window.innerHeight / 2) el.scrollIntoView({ block: 'start' });
  }, []);
  const { left, toggle, toggleAll } = useLeftOut(preview.rows);
  const [label, setLabel] = useState(defaultLabel);
  const totals = useMemo(
    () => keptTotals(preview.rows, left, preview.currency),
    [preview.rows, left, preview.currency],
  );

  const busy = creating.isPending;
  const problem = creating.isError ? `No draft was made: ${errorMessage(creating.error)}` : null;
  const create = () =>
    creating.mutate({
      query,
      label: label.trim() || defaultLabel,
      leaseIds: keptLeaseIds(preview.rows, left),
    });

  return (
    <section ref={section} className="rr-results" aria-label="Preview">
      <div className="rr-summary">
        <div>
          <p className="rr-headline" role="status">
            {changeSentence(rentLabel, totals, (n) => money(n))}
          </p>
          <p>
            <span className="rr-drafts">{draftsSentence(totals.parts)}</span>
            <span className="muted">{foundWords(preview, totals)}</span>
          </p>
        </div>
        <span className="spacer" />
        <div className="rr-create">
          <TextField
            className="rr-label"
            label="Draft name"
            value={label}
            maxLength={150}
            onChange={setLabel}
          />
          <button
            type="button"
            className="btn primary"
            disabled={busy || outdated || totals.kept === 0}
            onClick={create}
          >
            <FilePlus2 size={14} aria-hidden />
            {busy ? 'Creating drafts…' : totals.parts.length > 1 ? 'Create drafts' : 'Create draft'}
          </button>
        </div>
      </div>
      <p className="note rr-note-box">
        <Info size={14} aria-hidden /> These are drafts of suggestions, kept on this computer: nothing is sent
        to the service and no rent changes. You submit each draft yourself, and a person at your organisation
        approves or dismisses every suggestion in the service’s web application.
        {totals.parts.length > 1
          ? ' A batch holds at most 200 changes, so the review is split into parts.'
          : ''}
      </p>
      {outdated ? (
        <Alert tone="warn">
          The settings changed since this preview. Preview again to see the new rents before creating drafts.
        </Alert>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      {preview.rows.length === 0 ? (
        <EmptyState heading="No lease matches">
          Widen the filters above — another status, a later end date, or any property — and preview again.
        </EmptyState>
      ) : (
        <RentReviewTable
          rows={preview.rows}
          left={left}
          totals={totals}
          rentLabel={rentLabel}
          marketLabel={marketLabel}
          money={money}
          onToggle={toggle}
          onToggleAll={toggleAll}
        />
      )}
    </section>
  );
}
