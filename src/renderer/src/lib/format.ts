// Formats raw record values for display in the OS locale, dates in the one date style of every
// screen. Contract-aware formatting builds on this.
import { formatDay, formatMoment } from './format-day';
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'string') {
    if (dateOnly.test(value)) return formatDay(value);
    if (dateTime.test(value)) return formatMoment(value);
    return value;
  }
  return JSON.stringify(value);
}

export function isNumeric(value: unknown): boolean {
  return typeof value === 'number';
}
