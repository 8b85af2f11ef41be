// Formats a value by its contract type: dates through Intl in the OS locale, money in the active
// connection's currency, read in the unit the contract keeps it in (cents become currency units); a file
// size in the unit the contract gives, shown as KB or MB.
import type { MoneyUnit } from '../../../shared/money';
import { formatContractAmount } from './format-money';
import type { FieldType, SizeUnit } from '../../../shared/contract';
import { BYTES_IN } from '../../../shared/contract';
import { formatBytes } from './format-size';
import { formatValue } from './format';
import { enumWords } from '../../../shared/contract';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
// Years and similar codes are not quantities: 1956, not 1,956.
const plain = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0, useGrouping: false });
const CODE_NUMBER = /(^|_)(year|zip|postal)/;

export interface TypedColumn {
  type: FieldType;
  /** The unit the contract keeps the amount in, or null when the field is not money. */
  money: MoneyUnit | null;
  name?: string;
  /** The unit a file size is kept in (shown as KB, MB); absent for other fields. */
  size?: SizeUnit | undefined;
}

/** `currency`: the active connection's (useCurrency); amounts are shown in it. */
export function formatTyped(value: unknown, column: TypedColumn, currency: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (column.money) return formatContractAmount(value, column.money, currency);
    if (column.size) return formatBytes(value * BYTES_IN[column.size]);
    if (column.name && CODE_NUMBER.test(column.name)) return plain.format(value);
    return column.type === 'integer' ? integer.format(value) : decimal.format(value);
  }
  if (column.type === 'enum' && typeof value === 'string') return enumWords(value);
  return formatValue(value);
}
