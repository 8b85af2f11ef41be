// Query parameters of list endpoints: each collection accepts exactly its documented filters plus
// `cursor` and `limit`; anything else, repeated or ill-typed is refused with invalid_request.
//
// Semantics chosen where the service's documentation leaves them open (also written into openapi.json):
// - text enums (`status`, `type`, `priority`, `entity_type`): exact match against the allowed values;
//   an unknown value is refused rather than answering an empty page that hides a typo;
// - `city`, `state`: exact match, case-insensitive;
// - IDs (`property_id`, `unit_id`, `tenant_id`, `lease_id`, `entity_id`): exact match; an ID that
//   matches nothing gives an empty page, never not_found;
// - `is_active`, `is_verified`: `true` or `false` exactly;
// - `end_date` (leases): ending on or before the date; month-to-month leases (no end) never match;
// - `due_date` (payments): due on or before the date.
import { COLLECTION_FILTERS, type Collection, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/service';
import { invalid } from './http/api-error';
import { DOCUMENT_ENTITY_TYPES, DOCUMENT_TYPES } from './schemas/document';
import { LEASE_STATUSES } from './schemas/lease';
import { MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES } from './schemas/maintenance-request';
import { PAYMENT_STATUSES } from './schemas/payment';
import { PROPERTY_TYPES } from './schemas/property';
import { UNIT_STATUSES } from './schemas/unit';
import { isValidDate } from './seed/dates';

export type FilterRule =
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'text_ci' }
  | { kind: 'id' }
  | { kind: 'boolean' }
  | { kind: 'date_on_or_before' };

export const FILTER_RULES: Record<Collection, Record<string, FilterRule>> = {
  properties: {
    city: { kind: 'text_ci' },
    state: { kind: 'text_ci' },
    type: { kind: 'enum', values: PROPERTY_TYPES },
    is_active: { kind: 'boolean' },
  },
  units: { property_id: { kind: 'id' }, status: { kind: 'enum', values: UNIT_STATUSES } },
  tenants: { is_active: { kind: 'boolean' } },
  leases: {
    status: { kind: 'enum', values: LEASE_STATUSES },
    unit_id: { kind: 'id' },
    tenant_id: { kind: 'id' },
    end_date: { kind: 'date_on_or_before' },
  },
  payments: {
    status: { kind: 'enum', values: PAYMENT_STATUSES },
    tenant_id: { kind: 'id' },
    lease_id: { kind: 'id' },
    due_date: { kind: 'date_on_or_before' },
  },
  maintenance_requests: {
    status: { kind: 'enum', values: MAINTENANCE_STATUSES },
    priority: { kind: 'enum', values: MAINTENANCE_PRIORITIES },
    property_id: { kind: 'id' },
    unit_id: { kind: 'id' },
  },
  documents: {
    type: { kind: 'enum', values: DOCUMENT_TYPES },
    entity_type: { kind: 'enum', values: DOCUMENT_ENTITY_TYPES },
    entity_id: { kind: 'id' },
    is_verified: { kind: 'boolean' },
  },
};

// The rule tables must name exactly the filters the shared definitions (the service's documentation) fix.
for (const [collection, rules] of Object.entries(FILTER_RULES)) {
  const fixed = Object.keys(COLLECTION_FILTERS[collection as Collection])
    .sort()
    .join(',');
  if (Object.keys(rules).sort().join(',') !== fixed)
    throw new Error(`Filter rules of ${collection} differ from the service definition`);
}

export function describeRule(name: string, rule: FilterRule): string {
  switch (rule.kind) {
    case 'enum':
      return `Exact match; one of ${rule.values.join(', ')}.`;
    case 'text_ci':
      return 'Exact match, case-insensitive.';
    case 'id':
      return 'Exact record ID; an ID that matches nothing gives an empty page.';
    case 'boolean':
      return '`true` or `false`.';
    case 'date_on_or_before':
      return name === 'end_date'
        ? 'Leases ending on or before this date (YYYY-MM-DD); month-to-month leases (no end date) never match.'
        : 'Records due on or before this date (YYYY-MM-DD).';
  }
}

export interface ParsedList {
  /** Normalised filter values; the cursor is bound to these. */
  filters: Record<string, string>;
  predicate: ((record: Record<string, unknown>) => boolean) | undefined;
  limit: number;
  cursor: string | undefined;
}

function parseValue(
  name: string,
  raw: string,
  rule: FilterRule,
): { normalised: string; test: (v: unknown) => boolean } {
  switch (rule.kind) {
    case 'enum':
      if (!rule.values.includes(raw))
        throw invalid(`Filter ${name} must be one of: ${rule.values.join(', ')}.`, {
          parameter: name,
          allowed: rule.values,
        });
      return { normalised: raw, test: (v) => v === raw };
    case 'text_ci': {
      if (raw.length === 0 || raw.length > 100)
        throw invalid(`Filter ${name} must be 1 to 100 characters.`, { parameter: name });
      const lower = raw.toLowerCase();
      return { normalised: lower, test: (v) => typeof v === 'string' && v.toLowerCase() === lower };
    }
    case 'id':
      if (raw.length === 0 || raw.length > 64)
        throw invalid(`Filter ${name} must be a record ID.`, { parameter: name });
      return { normalised: raw, test: (v) => v === raw };
    case 'boolean':
      if (raw !== 'true' && raw !== 'false')
        throw invalid(`Filter ${name} must be true or false.`, { parameter: name });
      return { normalised: raw, test: (v) => v === (raw === 'true') };
    case 'date_on_or_before':
      if (!isValidDate(raw))
        throw invalid(`Filter ${name} must be a real calendar date written YYYY-MM-DD.`, { parameter: name });
      return { normalised: raw, test: (v) => typeof v === 'string' && v <= raw };
  }
}

/** Parses a list request's query against a table of filter rules (collections and proposals alike). */
export function parseListQuery(params: URLSearchParams, rules: Record<string, FilterRule>): ParsedList {
  const allowed = [...Object.keys(rules), 'cursor', 'limit'];
  const seen = new Set<string>();
  const tests: Array<[string, (v: unknown) => boolean]> = [];
  const filters: Record<string, string> = {};
  let limit = DEFAULT_PAGE_SIZE;
  let cursor: string | undefined;
  for (const [name, raw] of params) {
    if (!allowed.includes(name))
      throw invalid(`Unknown query parameter "${name}". Allowed: ${allowed.join(', ')}.`, {
        parameter: name,
        allowed,
      });
    if (seen.has(name))
      throw invalid(`Query parameter "${name}" is given more than once.`, { parameter: name });
    seen.add(name);
    if (name === 'limit') {
      if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE_SIZE)
        throw invalid(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, { parameter: 'limit' });
      limit = Number(raw);
    } else if (name === 'cursor') {
      if (raw.length === 0) throw invalid('The cursor is not valid: it is empty.', { parameter: 'cursor' });
      cursor = raw;
    } else {
      const parsed = parseValue(name, raw, rules[name]!);
      filters[name] = parsed.normalised;
      tests.push([name, parsed.test]);
    }
  }
  const predicate =
    tests.length === 0
      ? undefined
      : (r: Record<string, unknown>) => tests.every(([field, test]) => test(r[field]));
  return { filters, predicate, limit, cursor };
}
