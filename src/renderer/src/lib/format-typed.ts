// Formats a value by its contract type: dates and money through Intl in the OS locale.
import type { ColumnDef } from '../features/collections/columns';
import { formatValue } from './format';
import { formatMoney } from './format-money';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
// Years and similar codes are not quantities: 1956, not 1,956.
const plain = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0, useGrouping: false });
const CODE_NUMBER = /(^|_)(year|zip|postal)/;

export function formatTyped(
  value: unknown,
  column: Pick<ColumnDef, 'type' | 'money'> & { name?: string },
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (column.money) return formatMoney(value);
    if (column.name && CODE_NUMBER.test(column.name)) return plain.format(value);
    return column.type === 'integer' ? integer.format(value) : decimal.format(value);
  }
  if (column.type === 'enum' && typeof value === 'string') return value.replace(/_/g, ' ');
  return formatValue(value);
}
