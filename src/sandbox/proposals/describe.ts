// Plain-language summaries of suggested changes ("Lease L-1042 (Unit 3B, Maple Court): monthly
// rent 1,450.00 → 1,520.00") and the flags that point a reviewer at unusual ones.
import type { ResourceType } from '../../shared/service';
import type { RecordStore, StoredRecord } from '../store/record-store';
import type { ProposalFlag } from './model';

const MONEY_FIELDS = new Set(['monthly_rent', 'market_rent', 'security_deposit', 'amount']);
const RENT_FIELDS: Partial<Record<ResourceType, string>> = { lease: 'monthly_rent', unit: 'market_rent' };
const LARGE_RISE = 0.1;

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? money.format(value) : String(value);
  return String(value);
}

export const fieldLabel = (field: string): string => field.replace(/_/g, ' ');

/** How a reviewer recognises a record: "Lease L-1042 (Unit 3B, Maple Court)". */
export function recordLabel(
  store: RecordStore,
  org: string,
  type: ResourceType,
  r: Record<string, unknown>,
): string {
  const get = (c: Parameters<RecordStore['get']>[1], id: unknown) =>
    typeof id === 'string' ? store.get(org, c, id) : undefined;
  const unitLabel = (unit: StoredRecord | undefined) => {
    if (!unit) return 'unknown unit';
    const property = get('properties', unit.property_id);
    return `Unit ${String(unit.unit_number)}, ${property ? String(property.name) : 'unknown property'}`;
  };
  switch (type) {
    case 'property':
      return `Property ${String(r.name)}`;
    case 'unit':
      return unitLabel(r as StoredRecord);
    case 'tenant':
      return `Tenant ${String(r.name)}`;
    case 'lease':
      return `Lease ${r.lease_number ? String(r.lease_number) : '(new)'} (${unitLabel(get('units', r.unit_id))})`;
    case 'payment': {
      const lease = get('leases', r.lease_id);
      return `Payment due ${String(r.due_date)}${lease ? ` on lease ${String(lease.lease_number)}` : ''}`;
    }
    case 'maintenance_request': {
      const property = get('properties', r.property_id);
      return `Maintenance request "${String(r.title)}"${property ? ` (${String(property.name)})` : ''}`;
    }
  }
}

export function describeChange(
  store: RecordStore,
  org: string,
  type: ResourceType,
  fields: Record<string, unknown>,
  current: StoredRecord | undefined,
): string {
  const names = Object.keys(fields);
  const parts = names
    .slice(0, 3)
    .map((f) =>
      current
        ? `${fieldLabel(f)} ${formatValue(f, current[f])} → ${formatValue(f, fields[f])}`
        : `${fieldLabel(f)} ${formatValue(f, fields[f])}`,
    );
  const more = names.length > 3 ? `; and ${names.length - 3} more` : '';
  if (current) return `${recordLabel(store, org, type, current)}: ${parts.join('; ')}${more}`;
  return `New ${fieldLabel(type)}: ${recordLabel(store, org, type, fields)}; ${parts.join('; ')}${more}`;
}

export function flagChange(
  type: ResourceType,
  fields: Record<string, unknown>,
  current: StoredRecord | undefined,
  repeatedTarget: boolean,
): ProposalFlag[] {
  const flags: ProposalFlag[] = [];
  const rentField = RENT_FIELDS[type];
  if (
    current &&
    rentField &&
    typeof fields[rentField] === 'number' &&
    typeof current[rentField] === 'number' &&
    current[rentField] > 0
  ) {
    const change = (fields[rentField] - current[rentField]) / current[rentField];
    const pct = (Math.abs(change) * 100).toFixed(1);
    if (change > LARGE_RISE)
      flags.push({
        code: 'large_rent_increase',
        severity: 'warning',
        message: `Rent rises by ${pct} %, above ${LARGE_RISE * 100} %`,
      });
    else if (change < 0)
      flags.push({ code: 'rent_decrease', severity: 'info', message: `Rent falls by ${pct} %` });
  }
  if (current && Object.entries(fields).every(([k, v]) => current[k] === v))
    flags.push({
      code: 'no_change',
      severity: 'info',
      message: 'The suggested values equal the current ones; approving changes nothing',
    });
  if (type === 'property' && fields.is_active === false && current?.is_active !== false)
    flags.push({
      code: 'deactivates_property',
      severity: 'warning',
      message: 'The property would be marked inactive',
    });
  if (type === 'maintenance_request' && fields.priority === 'emergency')
    flags.push({ code: 'emergency_priority', severity: 'warning', message: 'Marked as an emergency' });
  if (
    type === 'payment' &&
    fields.status === 'paid' &&
    (fields.paid_date ?? current?.paid_date ?? null) === null
  )
    flags.push({
      code: 'paid_without_date',
      severity: 'warning',
      message: 'Marked paid without a paid date',
    });
  if (repeatedTarget)
    flags.push({
      code: 'repeated_target',
      severity: 'warning',
      message: 'This batch changes the same record more than once',
    });
  return flags;
}
