// PropDesk's own filters beside the service's (a property, a range of received days), set apart under
// a heading that says PropDesk applies them itself over its offline copy, so they are never taken for
// the service's filters, whose matching the service's documentation may leave unsaid.
import type { Collection } from '../../../../shared/service';
import { OWN_FILTER_HINT, ownFilterNames } from '../../../../shared/own-filters';
import { DateRangeFilter } from './date-range-filter';
import type { RangeWords } from './date-range-filter';
import { withValues } from './filter-values';
import { RecordPicker } from './record-picker';

const RECEIVED_WORDS: RangeWords = {
  legend: 'Received between',
  from: 'Received on or after',
  to: 'Received on or before',
};

export function OwnFilterControls({
  collection,
  values,
  onChange,
}: {
  collection: Collection;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const names = ownFilterNames(collection);
  if (!names.length) return null;
  const set = (changes: Record<string, string | undefined>) => onChange(withValues(values, changes));
  return (
    <fieldset className="own-filters" aria-describedby="own-filters-hint">
      <legend>PropDesk’s own filters</legend>
      <span id="own-filters-hint" className="own-filters-hint">
        {OWN_FILTER_HINT}
      </span>
      <div className="own-filters-row">
        {names.includes('property') ? (
          <div className="filter">
            <label htmlFor="filter-own-property">Property</label>
            <RecordPicker
              id="filter-own-property"
              label="Property"
              target="properties"
              value={values.property}
              onChange={(v) => set({ property: v })}
            />
          </div>
        ) : null}
        {names.includes('received_from') ? (
          <DateRangeFilter
            id="filter-received"
            words={RECEIVED_WORDS}
            from={values.received_from}
            to={values.received_to}
            onChange={(from, to) => set({ received_from: from, received_to: to })}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
