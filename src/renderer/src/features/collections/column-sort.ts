// How a grid column sorts: by the type the contract gives its field (amounts are numbers in the
// contract's unit, so they sort as numbers too).
import { sortKindOf } from '../../../../shared/list-order';
import type { SortKind } from '../../../../shared/list-order';
import type { ColumnDef } from './columns';

export function sortKindOfColumn(column: ColumnDef): SortKind {
  return column.money ? 'number' : sortKindOf(column.type);
}
