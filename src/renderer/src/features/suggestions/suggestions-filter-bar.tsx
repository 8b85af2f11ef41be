// The suggestions' filters above the status tabs: the type of record, the batch (one named in the
// route stays choosable even when no tracked batch has it), "expiring within 48 hours", the "decided
// since" day a link from Today sets, a way to clear them all, and the worklist's order. The screen
// keeps the choices in the route.
import { fieldWords } from '../../../../shared/contract';
import type { TrackedBatch } from '../../../../shared/suggestions';
import { formatDay } from '../../lib/format-day';
import { exactTime } from '../../lib/time-words';
import { batchTitle } from './batch-card';
import { filtered } from './suggestions-filters';
import type { SuggestionsFilters } from './suggestions-filters';
import { ORDER_WORDS, WORKLIST_ORDERS } from './worklist-order';
import type { WorklistOrder } from './worklist-order';

export function SuggestionsFilterBar({
  batches,
  types,
  filters,
  onChange,
}: {
  batches: readonly TrackedBatch[];
  /** The record types to choose from. */
  types: readonly string[];
  filters: SuggestionsFilters;
  onChange: (next: Partial<SuggestionsFilters>) => void;
}) {
  return (
    <div className="filter-bar suggestions-filters">
      <div className="filter">
        <label htmlFor="suggestions-type">Record type</label>
        <select
          id="suggestions-type"
          className="filter-control"
          value={filters.type ?? ''}
          onChange={(e) => onChange({ type: e.target.value || null })}
        >
          <option value="">Any</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {fieldWords(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="suggestions-batch">Batch</label>
        <select
          id="suggestions-batch"
          className="filter-control suggestions-batch-select"
          value={filters.batch ?? ''}
          onChange={(e) => onChange({ batch: e.target.value || null })}
        >
          <option value="">Any</option>
          {filters.batch && !batches.some((b) => b.batchId === filters.batch) ? (
            <option value={filters.batch}>{filters.batch}</option>
          ) : null}
          {batches.map((b) => (
            <option key={b.batchId} value={b.batchId}>
              {batchTitle(b)}
              {b.submittedAt
                ? ` — ${exactTime(b.submittedAt)}`
                : b.origin === 'external'
                  ? ' — made outside PropDesk'
                  : ''}
            </option>
          ))}
        </select>
      </div>
      <label className="filter-check">
        <input
          type="checkbox"
          checked={filters.soon}
          onChange={(e) => onChange({ soon: e.target.checked })}
        />{' '}
        Expiring within 48 hours
      </label>
      {filters.since ? <span className="muted">Decided since {formatDay(filters.since)}</span> : null}
      {filtered(filters) ? (
        <button
          type="button"
          className="btn"
          onClick={() => onChange({ type: null, batch: null, since: null, soon: false })}
        >
          Clear filters
        </button>
      ) : null}
      <div className="filter">
        <label htmlFor="suggestions-order">Sort by</label>
        <select
          id="suggestions-order"
          className="filter-control"
          value={filters.order}
          onChange={(e) => onChange({ order: e.target.value as WorklistOrder })}
        >
          {WORKLIST_ORDERS.map((o) => (
            <option key={o} value={o}>
              {ORDER_WORDS[o]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
