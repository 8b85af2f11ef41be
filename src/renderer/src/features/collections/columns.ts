// Table columns for a collection: from the service's contract when it is known, else from the
// records themselves. Width and alignment follow the field's type.
import type { MoneyUnit } from '../../../../shared/money';
import type { SortKind } from '../../../../shared/list-order';
import type { ServiceRecord } from '../../../../shared/service';
import { fieldWords, moneyUnitOf, orderForDisplay, sizeUnitOf } from '../../../../shared/contract';
import type { FieldType, SizeUnit } from '../../../../shared/contract';
import { isReferenceField } from '../../labels/record-refs';

export interface ColumnDef {
  name: string;
  label: string;
  type: FieldType;
  /** The unit the contract keeps the amount in, or null when the field is not money. */
  money: MoneyUnit | null;
  /** The unit a file size is kept in, shown as KB or MB; absent when the field is no size. */
  size?: SizeUnit;
  /** A column PropDesk works out from the record (a request's age, a payment's property), not a field of it. */
  derived?: DerivedColumn;
}

export interface DerivedColumn {
  /** The cell's words for a record; absent when main puts the value on the record under the column's name. */
  text?: (record: ServiceRecord) => string;
  /**
   * The field the list sorts by for it; `reversed` when its order runs against the column's. Absent:
   * the copy sorts by the service's fields only, so the column cannot be sorted by.
   */
  sortBy?: { field: string; kind: SortKind; reversed: boolean };
}

/** The field the service's documentation names for the record a document belongs to, whatever its kind. */
const GENERIC_REFERENCE = 'entity_id';

/** The unit words a minor-unit amount's heading ends with; its cells show currency units instead. */
const MINOR_UNIT_WORDS = / \((cents|minor units)\)$/;

export function columnsFromFields(
  fields: Array<{ name: string; label?: string; type: FieldType; description?: string; format?: string }>,
): ColumnDef[] {
  return fields.map((f) => {
    const money = moneyUnitOf(f);
    const size = sizeUnitOf(f);
    const label = shownLabel(f, money, size);
    return { name: f.name, label, type: f.type, money, ...(size ? { size } : {}) };
  });
}

/**
 * A column's heading: the contract's title where it gives one; else the field's words, except that
 * an amount kept in minor units drops "(cents)" (its cells show currency units), a size is "Size"
 * (its cells say KB or MB), and the reference to whatever record a document belongs to is
 * "Attached to" (the cells name that record).
 */
function shownLabel(
  f: { name: string; label?: string },
  money: MoneyUnit | null,
  size: SizeUnit | null,
): string {
  const words = fieldWords(f.name);
  const label = f.label ?? words;
  if (money === 'minor') return label.replace(MINOR_UNIT_WORDS, '');
  if (label !== words) return label;
  if (size) return 'Size';
  return f.name === GENERIC_REFERENCE ? 'Attached to' : label;
}

export function guessType(value: unknown): FieldType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return 'date';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return 'date-time';
  return typeof value === 'string' ? 'string' : 'unknown';
}

export function columnsFromRecords(rows: ServiceRecord[]): ColumnDef[] {
  const first = rows[0];
  if (!first) return [];
  return columnsFromFields(Object.entries(first).map(([name, value]) => ({ name, type: guessType(value) })));
}

/** The CSS grid template of a row of these columns, header and body alike. */
export function columnTemplate(columns: readonly ColumnDef[]): string {
  return columns.map((c) => `${columnWidth(c)}px`).join(' ');
}

export function columnWidth(column: ColumnDef): number {
  if (column.type === 'boolean') return 90;
  if (column.type === 'date') return 120;
  if (column.type === 'date-time') return 170;
  if (column.type === 'number' || column.type === 'integer') return 120;
  if (column.name === 'id') return 150;
  // A reference shows its record's label ("Aisha Cohen · Cedar Commons · 1B"), not its ID.
  if (isReferenceField(column.name)) return 240;
  return 190;
}

export function isNumericColumn(column: ColumnDef): boolean {
  return column.type === 'number' || column.type === 'integer';
}

/** Every field a record carries, in display order, typed by the contract where it describes the field. */
export function recordColumns(
  record: ServiceRecord,
  described: Array<{ name: string; label?: string; type: FieldType }> | undefined,
): ColumnDef[] {
  return orderForDisplay(columnsFromRecords([record])).map((guess) => {
    const known = described?.find((d) => d.name === guess.name);
    return known ? columnsFromFields([known])[0]! : guess;
  });
}
