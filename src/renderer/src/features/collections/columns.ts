// Table columns for a collection: from the service's contract when it is known, else from the
// records themselves. Width and alignment follow the field's type.
import type { MoneyUnit } from '../../../../shared/money';
import type { SortKind } from '../../../../shared/list-order';
import type { ServiceRecord } from '../../../../shared/service';
import { fieldWords, moneyUnitOf, orderForDisplay } from '../../../../shared/contract';
import type { FieldType } from '../../../../shared/contract';
import { isReferenceField } from '../../labels/record-refs';

export interface ColumnDef {
  name: string;
  label: string;
  type: FieldType;
  /** The unit the contract keeps the amount in, or null when the field is not money. */
  money: MoneyUnit | null;
  /** A column PropDesk works out from the record (a request's age), not a field of it. */
  derived?: DerivedColumn;
}

export interface DerivedColumn {
  /** The cell's words for a record. */
  text: (record: ServiceRecord) => string;
  /** The field the list sorts by for it; `reversed` when its order runs against the column's. */
  sortBy: { field: string; kind: SortKind; reversed: boolean };
}

/** The unit words a minor-unit amount's heading ends with; its cells show currency units instead. */
const MINOR_UNIT_WORDS = / \((cents|minor units)\)$/;

export function columnsFromFields(
  fields: Array<{ name: string; label?: string; type: FieldType; description?: string; format?: string }>,
): ColumnDef[] {
  return fields.map((f) => {
    const money = moneyUnitOf(f);
    const label = f.label ?? fieldWords(f.name);
    return {
      name: f.name,
      // Amounts kept in minor units are shown in currency units: their heading drops "(cents)".
      label: money === 'minor' ? label.replace(MINOR_UNIT_WORDS, '') : label,
      type: f.type,
      money,
    };
  });
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
