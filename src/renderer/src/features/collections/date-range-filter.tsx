// A range of days, either end of which may be left empty: leases' "Ending between" (the service's
// on-or-before date as the upper end, a lower end the app applies to every page it reads) and
// payments' "Received between" (PropDesk's own, both ends over the offline copy).

/** What the range and its two ends are called. */
export interface RangeWords {
  legend: string;
  from: string;
  to: string;
}

export const ENDING_WORDS: RangeWords = {
  legend: 'Ending between',
  from: 'Ending on or after',
  to: 'Ending on or before',
};

export function DateRangeFilter({
  id,
  words,
  from,
  to,
  onChange,
}: {
  id: string;
  words: RangeWords;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  return (
    <fieldset className="filter date-range">
      <legend>{words.legend}</legend>
      <div className="date-range-inputs">
        <input
          id={`${id}_from`}
          type="date"
          className="filter-control"
          aria-label={words.from}
          value={from ?? ''}
          max={to}
          onChange={(e) => onChange(e.target.value, to)}
        />
        <span aria-hidden>and</span>
        <input
          id={id}
          type="date"
          className="filter-control"
          aria-label={words.to}
          value={to ?? ''}
          min={from}
          onChange={(e) => onChange(from, e.target.value)}
        />
      </div>
    </fieldset>
  );
}
