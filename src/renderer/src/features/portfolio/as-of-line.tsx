// The line every portfolio screen carries under its title: which offline copy it was computed from
// and the day its ages and windows count from.
import { formatAsOf } from '../offline-copy/copy-words';

export function AsOfLine({ asOf, today }: { asOf: string | null; today: string }) {
  return (
    <span className="muted pf-as-of">
      From the offline copy as of {asOf ? formatAsOf(asOf) : '—'} · ages counted from {today}
    </span>
  );
}
