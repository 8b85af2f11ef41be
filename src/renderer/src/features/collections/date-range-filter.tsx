// "Ending between": the service's on-or-before date as the upper end, and a lower end the app applies
// to every page it reads. Either end may be left empty.
export function DateRangeFilter({
  id,
  from,
  to,
  onChange,
}: {
  id: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  return (
    <fieldset className="filter date-range">
      <legend>Ending between</legend>
      <div className="date-range-inputs">
        <input
          id={`${id}_from`}
          type="date"
          className="filter-control"
          aria-label="Ending on or after"
          value={from ?? ''}
          max={to}
          onChange={(e) => onChange(e.target.value, to)}
        />
        <span aria-hidden>and</span>
        <input
          id={id}
          type="date"
          className="filter-control"
          aria-label="Ending on or before"
          value={to ?? ''}
          min={from}
          onChange={(e) => onChange(from, e.target.value)}
        />
      </div>
    </fieldset>
  );
}
