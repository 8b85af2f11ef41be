// Exactly the collection's documented filters, each with a control for its kind, then PropDesk's own
// filters set apart. Values live in the route, so back, forward and reload keep them.
import type { Collection, FilterKind } from '../../../../shared/service';
import { COLLECTION_FILTERS, isCollection } from '../../../../shared/service';
import { lowerBoundKey, takesLowerBound } from '../../../../shared/date-range';
import { DateRangeFilter, ENDING_WORDS } from './date-range-filter';
import { OwnFilterControls } from './own-filter-controls';
import { withValues } from './filter-values';
import { filterWords } from './filter-words';
import { RecordPicker } from './record-picker';
import { enumWords } from '../../../../shared/contract';

export interface FilterBarProps {
  collection: Collection;
  values: Record<string, string>;
  /** Allowed values per filter name, from the contract, where it has them. */
  enumValues: Record<string, string[] | undefined>;
  onChange: (values: Record<string, string>) => void;
}

const ENTITY_COLLECTION: Record<string, Collection> = {
  property: 'properties',
  unit: 'units',
  lease: 'leases',
  tenant: 'tenants',
};

function targetFor(kind: FilterKind, values: Record<string, string>): Collection | undefined {
  if (kind.kind !== 'id') return undefined;
  if (kind.target !== 'any') return kind.target;
  const entity = values.entity_type;
  const mapped = entity
    ? (ENTITY_COLLECTION[entity] ?? (isCollection(`${entity}s`) ? (`${entity}s` as Collection) : undefined))
    : undefined;
  return mapped;
}

const BOOLEAN_CHOICES = [
  ['true', 'Yes'],
  ['false', 'No'],
] as const;

/** A select of fixed choices with "Any" first, meaning no filter. */
function ChoiceFilter({
  id,
  value,
  choices,
  onChange,
}: {
  id: string;
  value: string | undefined;
  choices: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <select id={id} className="filter-control" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">Any</option>
      {choices.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** The picker names the record it holds ("Property: Cedar Commons"), its heading says "Property is". */
const pickerWords = (label: string): string => label.replace(/ is$/, '');

export function FilterBar({ collection, values, enumValues, onChange }: FilterBarProps) {
  const filters = Object.entries(COLLECTION_FILTERS[collection]) as Array<[string, FilterKind]>;
  const set = (name: string, value: string | undefined) => onChange(withValues(values, { [name]: value }));
  const active = Object.keys(values).length;

  return (
    <div className="filter-bar" role="group" aria-label="Filters">
      {filters.map(([name, kind]) => {
        const id = `filter-${name}`;
        const { label, hint } = filterWords(collection, name, kind);
        const value = values[name];
        const allowed = enumValues[name];
        const target = targetFor(kind, values);
        if (kind.kind === 'date' && takesLowerBound(collection, name)) {
          const fromKey = lowerBoundKey(name);
          return (
            <DateRangeFilter
              key={name}
              id={id}
              words={ENDING_WORDS}
              from={values[fromKey]}
              to={value}
              onChange={(from, to) => onChange(withValues(values, { [fromKey]: from, [name]: to }))}
            />
          );
        }
        return (
          <div key={name} className="filter">
            <label htmlFor={id} title={hint}>
              {label}
            </label>
            {kind.kind === 'boolean' ? (
              <ChoiceFilter id={id} value={value} choices={BOOLEAN_CHOICES} onChange={(v) => set(name, v)} />
            ) : kind.kind === 'date' ? (
              <input
                id={id}
                type="date"
                className="filter-control"
                value={value ?? ''}
                onChange={(e) => set(name, e.target.value)}
              />
            ) : target ? (
              <RecordPicker
                id={id}
                label={pickerWords(label)}
                target={target}
                value={value}
                onChange={(v) => set(name, v)}
              />
            ) : allowed && allowed.length ? (
              <ChoiceFilter
                id={id}
                value={value}
                choices={allowed.map((v) => [v, enumWords(v)] as const)}
                onChange={(v) => set(name, v)}
              />
            ) : (
              <input
                id={id}
                className="filter-control"
                defaultValue={value ?? ''}
                key={value ?? ''}
                placeholder="Any"
                onBlur={(e) => set(name, e.target.value.trim())}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') set(name, e.currentTarget.value.trim());
                }}
              />
            )}
          </div>
        );
      })}
      <OwnFilterControls collection={collection} values={values} onChange={onChange} />
      {active ? (
        <button type="button" className="btn" onClick={() => onChange({})}>
          Clear {active === 1 ? 'filter' : `${active} filters`}
        </button>
      ) : null}
    </div>
  );
}
