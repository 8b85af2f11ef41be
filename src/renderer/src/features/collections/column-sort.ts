// How a grid column sorts: by the type the contract gives its field (amounts are numbers in the
// contract's unit, so they sort as numbers too); a worked-out column by the field it follows.
import { sortKindOf } from '../../../../shared/list-order';
import type { SortKind } from '../../../../shared/list-order';
import type { ColumnDef } from './columns';

export function sortKindOfColumn(column: ColumnDef): SortKind {
  return column.money ? 'number' : sortKindOf(column.type);
}

/** The field and kind a column's heading sorts by: its own, or the one a worked-out column follows. */
export const columnSortBy = (column: ColumnDef): [string, SortKind] =>
  column.derived?.sortBy
    ? [column.derived.sortBy.field, column.derived.sortBy.kind]
    : [column.name, sortKindOfColumn(column)];
