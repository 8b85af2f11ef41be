// A record's fields as a printed list shows them, in the words of the screen: a reference as the label
// of the record it names (its ID where no label could be read), money in the contract's unit shown as
// money in the connection's currency, an enum value in words, dates in the one date style, in the
// computer's locale. The column kinds come from the contract, never from the window that asked.
import type { FieldDescriptor } from '../../shared/contract';
import { enumWords, moneyUnitOf, referencedCollection } from '../../shared/contract';
import { formatDay, formatMoment } from '../../shared/date-style';
import { labelKey } from '../../shared/label-refs';
import type { LabelRef } from '../../shared/label-refs';
import { currencyDigits, formatContractMoney } from '../../shared/money';
import type { MoneyUnit } from '../../shared/money';
import type { Collection, ServiceRecord } from '../../shared/service';

/** A column to print: a field of the contract, or the payments' property PropDesk works out. */
export interface PrintedColumn {
  name: string;
  /** The heading as the screen shows it. */
  label: string;
  /** Where a reference points: the collection whose record's label the cell shows. */
  references: Collection | undefined;
  money: MoneyUnit | null;
  type: FieldDescriptor['type'];
}

const EMPTY = '—';

/** The column for a field of the contract. */
export function fieldColumn(field: FieldDescriptor, label: string): PrintedColumn {
  return {
    name: field.name,
    label,
    references: referencedCollection(field.name),
    money: moneyUnitOf(field),
    type: field.type,
  };
}

/** The references a page's records make in these columns, for one label lookup. */
export function pageRefs(records: readonly ServiceRecord[], columns: readonly PrintedColumn[]): LabelRef[] {
  const refs = new Map<string, LabelRef>();
  for (const record of records)
    for (const column of columns) {
      const id = record[column.name];
      if (column.references && typeof id === 'string' && id)
        refs.set(labelKey(column.references, id), { collection: column.references, id });
    }
  return [...refs.values()];
}

export interface CellStyle {
  locale: string;
  currency: string;
  /** Labels by labelKey. */
  labels: Readonly<Record<string, string>>;
}

/** The words of one cell. */
export function printedCell(record: ServiceRecord, column: PrintedColumn, style: CellStyle): string {
  const value = record[column.name];
  if (value === null || value === undefined || value === '') return EMPTY;
  if (column.references && typeof value === 'string')
    return style.labels[labelKey(column.references, value)] ?? value;
  if (typeof value === 'number') {
    if (column.money)
      return formatContractMoney(
        value,
        { unit: column.money, digits: currencyDigits(style.currency) },
        style.currency,
        style.locale,
      );
    return value.toLocaleString(style.locale, { maximumFractionDigits: 2 });
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return textCell(value, column, style.locale);
  return JSON.stringify(value);
}

function textCell(value: string, column: PrintedColumn, locale: string): string {
  if (column.type === 'enum') return enumWords(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, locale);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatMoment(value, locale);
  return value;
}
