// A short human label for a record, from whichever name-like fields it has.
import type { ServiceRecord } from '../../../../shared/service';

const NAME_FIELDS = [
  'name',
  'title',
  'unit_number',
  'full_name',
  'first_name',
  'address_line1',
  'address',
  'summary',
  'email',
];

export function recordLabel(record: ServiceRecord): string {
  const parts: string[] = [];
  for (const field of NAME_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) parts.push(value.trim());
    if (field === 'first_name' && typeof record.last_name === 'string') parts.push(record.last_name);
    if (parts.length >= 2) break;
  }
  return parts.length ? parts.join(' · ') : record.id;
}

export function matchesSearch(record: ServiceRecord, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return Object.values(record).some(
    (v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(needle),
  );
}
