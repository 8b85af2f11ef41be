// The line every portfolio screen carries under its title: which offline copy it was computed from
// and the day its ages and windows count from; and, for the rent roll and delinquency, a day to see
// them as of (an estimate from lease and due dates, which the view's first note says).
import { formatAsOf } from '../offline-copy/copy-words';
import { formatDay } from '../../lib/format-day';

/**
 * `today`: the day ages and windows count from; null for a view of a period, which counts none.
 * `fromService`: the view shows the rows the service answered for a Today figure, the copy being made.
 */
export function AsOfLine({
  asOf,
  today,
  fromService = false,
}: {
  asOf: string | null;
  today: string | null;
  fromService?: boolean;
}) {
  return (
    <span className="muted pf-as-of">
      {fromService
        ? 'From the service while the offline copy is made'
        : `From the offline copy as of ${asOf ? formatAsOf(asOf) : '—'}`}
      {today ? ` · ages counted from ${formatDay(today)}` : ''}
    </span>
  );
}

export function AsOfDayInput({
  day,
  onChange,
}: {
  day: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <label className="pf-as-of-day">
      As of{' '}
      <input
        type="date"
        value={day ?? ''}
        onChange={(e) => onChange(/^\d{4}-\d{2}-\d{2}$/.test(e.target.value) ? e.target.value : undefined)}
      />
      {day ? (
        <button type="button" className="btn" onClick={() => onChange(undefined)}>
          Today
        </button>
      ) : null}
    </label>
  );
}
