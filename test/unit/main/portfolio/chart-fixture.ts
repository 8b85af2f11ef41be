// Fixed records and a view context for the overview's chart tests: a contract shape given as the
// fields (and enum values) each collection has, so a test can take a field away.
import { emptyData } from '../../../../src/main/portfolio/view-kit';
import { compileContract, labelPlans } from '../../../../src/shared/contract';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import type { ViewContext, PortfolioData } from '../../../../src/main/portfolio/view-kit';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';

export const TODAY = '2027-01-15';

/** The sandbox's own record fields, as its contract lists them. */
const FULL: Partial<Record<Collection, string[]>> = {
  properties: ['id', 'name'],
  units: ['id', 'property_id', 'unit_number', 'market_rent', 'status'],
  leases: ['id', 'unit_id', 'tenant_id', 'start_date', 'end_date', 'monthly_rent', 'status', 'lease_number'],
  payments: ['id', 'lease_id', 'tenant_id', 'amount', 'due_date', 'paid_date', 'status'],
  maintenance_requests: ['id', 'property_id', 'unit_id', 'title', 'priority', 'status', 'reported_at'],
};

const VALUES: Record<string, string[]> = {
  'leases.status': ['active', 'pending', 'ended', 'month_to_month'],
  'maintenance_requests.priority': ['low', 'medium', 'high', 'emergency'],
};

export interface ContractShape {
  /** Fields to take away, as "collection.field". */
  without?: string[];
  /** Enum values to use instead, by "collection.field". */
  values?: Record<string, string[]>;
  today?: string;
}

/** Records named as the sandbox's contract names them. */
const PLANS = labelPlans(compileContract(buildOpenApi('http://127.0.0.1:1')));

export function contextOf(shape: ContractShape = {}): ViewContext {
  const without = new Set(shape.without ?? []);
  const values = { ...VALUES, ...shape.values };
  return {
    today: shape.today ?? TODAY,
    has: (collection, field) =>
      (FULL[collection] ?? []).includes(field) && !without.has(`${collection}.${field}`),
    values: (collection, field) =>
      without.has(`${collection}.${field}`) ? [] : (values[`${collection}.${field}`] ?? []),
    unclear: () => [],
    fieldOf: (collection, field) =>
      (FULL[collection] ?? []).includes(field) && !without.has(`${collection}.${field}`) ? field : null,
    plans: PLANS,
    fields: () => [],
  };
}

export const dataOf = (parts: Partial<PortfolioData> = {}): PortfolioData => ({ ...emptyData(), ...parts });

let serial = 0;
const rec = (prefix: string, fields: Record<string, unknown>): ServiceRecord =>
  ({ id: `${prefix}_${++serial}`, ...fields }) as ServiceRecord;

export const property = (name: string, id?: string): ServiceRecord =>
  id ? ({ id, name } as ServiceRecord) : rec('prop', { name });
export const unit = (fields: Record<string, unknown>): ServiceRecord =>
  rec('unit', { unit_number: `U${serial}`, status: 'occupied', ...fields });
export const lease = (fields: Record<string, unknown>): ServiceRecord =>
  rec('lease', { status: 'active', start_date: '2026-01-01', end_date: null, monthly_rent: 1000, ...fields });
export const payment = (fields: Record<string, unknown>): ServiceRecord =>
  rec('pay', { amount: 100, paid_date: null, status: 'late', ...fields });
export const request = (fields: Record<string, unknown>): ServiceRecord =>
  rec('req', {
    title: 'Leak',
    status: 'open',
    priority: 'medium',
    reported_at: '2027-01-10T09:00:00Z',
    ...fields,
  });
