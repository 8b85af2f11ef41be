// The period income by property covers: a calendar year (last year unless chosen), a quarter or a
// month, picked with three plain selects (kind, year, then the quarter or month), keyboard and all.
import type { IncomePeriod, IncomePeriodKind } from '../../../../shared/income-period';

const KINDS: ReadonlyArray<[IncomePeriodKind, string]> = [
  ['year', 'Year'],
  ['quarter', 'Quarter'],
  ['month', 'Month'],
];

const monthName = (month: number) =>
  new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );

/** The period of another kind in the same year: its last quarter or month, or this one's in this year. */
export function periodOfKind(kind: IncomePeriodKind, year: number, today: string): IncomePeriod {
  const current = Number(today.slice(0, 4)) === year;
  const month = current ? Number(today.slice(5, 7)) : 12;
  switch (kind) {
    case 'year':
      return { kind, year };
    case 'quarter':
      return { kind, year, quarter: Math.ceil(month / 3) };
    case 'month':
      return { kind, year, month };
  }
}

export function PeriodChooser({
  period,
  today,
  onChange,
}: {
  period: IncomePeriod;
  /** YYYY-MM-DD: the years offered end at this one. */
  today: string;
  onChange: (period: IncomePeriod) => void;
}) {
  const thisYear = Number(today.slice(0, 4));
  const years = Array.from({ length: 10 }, (_, i) => thisYear - i);
  if (!years.includes(period.year)) years.push(period.year);
  return (
    <fieldset className="pf-period">
      <legend>Period</legend>
      <select
        aria-label="Period kind"
        value={period.kind}
        onChange={(e) => onChange(periodOfKind(e.target.value as IncomePeriodKind, period.year, today))}
      >
        {KINDS.map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </select>
      <select
        aria-label="Year"
        value={period.year}
        onChange={(e) => onChange({ ...period, year: Number(e.target.value) })}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      {period.kind === 'quarter' ? (
        <select
          aria-label="Quarter"
          value={period.quarter}
          onChange={(e) => onChange({ ...period, quarter: Number(e.target.value) })}
        >
          {[1, 2, 3, 4].map((q) => (
            <option key={q} value={q}>
              Q{q}
            </option>
          ))}
        </select>
      ) : null}
      {period.kind === 'month' ? (
        <select
          aria-label="Month"
          value={period.month}
          onChange={(e) => onChange({ ...period, month: Number(e.target.value) })}
        >
          {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
            <option key={m} value={m}>
              {monthName(m)}
            </option>
          ))}
        </select>
      ) : null}
    </fieldset>
  );
}
