// A column heading that sorts the list: a click, Enter or Space cycles ascending, descending, off. The
// heading carries aria-sort and shows an arrow for the direction.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { ListSort } from '../../../../shared/list-order';
import type { ColumnDef } from './columns';
import { isNumericColumn } from './columns';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const DERIVED_HINT = "PropDesk's reading, not a field of the service's: it cannot be sorted by.";
const FLIPPED = { asc: 'desc', desc: 'asc' } as const;

export function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: ColumnDef;
  sort: ListSort | null;
  onSort: (column: ColumnDef) => void;
}) {
  const by = column.derived?.sortBy;
  const sorted = sort?.field === (by?.field ?? column.name) ? sort.direction : null;
  // An age sorts by the date it counts from: the oldest date first is the longest open first.
  const direction = sorted && by?.reversed ? FLIPPED[sorted] : sorted;
  const Arrow = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  // The grid opens the selected record on Enter; on a heading, Enter sorts instead.
  const keepKeys = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
  };
  const numeric = isNumericColumn(column);
  // The copy sorts by the service's fields only; a column of PropDesk's reading is a plain heading.
  if (column.derived && !by)
    return (
      <div role="columnheader" className="derived-header" title={DERIVED_HINT}>
        <span className="sort-label">{column.label}</span>
      </div>
    );
  return (
    <div
      role="columnheader"
      aria-sort={direction ? ARIA_SORT[direction] : 'none'}
      className={numeric ? 'num' : undefined}
    >
      <button
        type="button"
        className={`sort-header${direction ? ' sorted' : ''}${numeric ? ' num' : ''}`}
        onClick={() => onSort(column)}
        onKeyDown={keepKeys}
        title={`Sort by ${column.label}`}
      >
        <span className="sort-label">{column.label}</span>
        <Arrow size={12} aria-hidden className="sort-arrow" />
      </button>
    </div>
  );
}
