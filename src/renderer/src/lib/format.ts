// Formats raw record values for display in the OS locale. Contract-aware formatting builds on this.
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'string') {
    if (dateOnly.test(value)) return dateFormat.format(new Date(`${value}T00:00:00Z`));
    if (dateTime.test(value)) {
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : dateTimeFormat.format(d);
    }
    return value;
  }
  return JSON.stringify(value);
}

export function isNumeric(value: unknown): boolean {
  return typeof value === 'number';
}
