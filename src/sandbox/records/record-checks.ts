// What a record written at the organisation must satisfy, whoever writes it (an approved suggestion or
// a colleague in the web application): only writable fields, with their types and formats, the fields a
// new record needs, and records it refers to that exist in the organisation. Each problem has its path.
import type { z } from 'zod';
import { type Collection, type Operation, resourceTypeOf } from '../../shared/service';
import type { ValidationIssue } from '../http/api-error';
import { WRITABLE_IN_APP, createFieldsOf, updateFieldsOf } from '../schemas/registry';
import type { RecordStore } from '../store/record-store';

/** The name of a record of the collection in field paths: its resource type, or "document". */
export const kindOf = (collection: Collection): string => resourceTypeOf(collection) ?? 'document';

/** The same in words: "maintenance request". */
export const nounOf = (collection: Collection): string => kindOf(collection).replace('_', ' ');

const REFERENCES: Record<string, Collection> = {
  property_id: 'properties',
  unit_id: 'units',
  tenant_id: 'tenants',
  lease_id: 'leases',
};
const DOCUMENT_OWNERS: Record<string, Collection> = {
  property: 'properties',
  unit: 'units',
  lease: 'leases',
  tenant: 'tenants',
};

/** `at` and the rest of a path, or the rest alone when `at` is empty. */
const under = (at: string, rest: string): string => (at ? `${at}.${rest}` : rest);

function fieldIssues(
  collection: Collection,
  operation: Operation,
  fields: Record<string, unknown>,
  at: string,
): ValidationIssue[] {
  if (operation === 'update' && Object.keys(fields).length === 0)
    return [{ path: under(at, 'fields'), message: 'An update must name at least one field.' }];
  const spec = WRITABLE_IN_APP[collection];
  const schema: z.ZodObject = operation === 'create' ? createFieldsOf(spec) : updateFieldsOf(spec);
  const result = schema.safeParse(fields);
  if (result.success) return [];
  const allowed = Object.keys(spec.fields).join(', ');
  return result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((k) => ({
        path: under(at, `fields.${k}`),
        message: `Unrecognised field for ${kindOf(collection)}; allowed: ${allowed}.`,
      }));
    const field = String(issue.path[0] ?? '');
    const missing = issue.code === 'invalid_type' && fields[field] === undefined;
    return [
      {
        path: under(at, `fields.${field}`),
        message: missing ? `Required when creating a ${nounOf(collection)}.` : issue.message,
      },
    ];
  });
}

function referenceIssues(
  store: RecordStore,
  org: string,
  collection: Collection,
  merged: Record<string, unknown>,
  fields: Record<string, unknown>,
  at: string,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const missing = (target: Collection, id: unknown) => typeof id === 'string' && !store.get(org, target, id);
  for (const [field, target] of Object.entries(REFERENCES))
    if (missing(target, fields[field]))
      issues.push({
        path: under(at, `fields.${field}`),
        message: `No ${kindOf(target)} with this ID exists in your organisation.`,
      });
  const owner = DOCUMENT_OWNERS[String(merged.entity_type)];
  if (
    collection === 'documents' &&
    owner &&
    ('entity_id' in fields || 'entity_type' in fields) &&
    missing(owner, merged.entity_id)
  )
    issues.push({
      path: under(at, 'fields.entity_id'),
      message: `No ${kindOf(owner)} with this ID exists in your organisation.`,
    });
  if (
    collection === 'leases' &&
    typeof merged.end_date === 'string' &&
    typeof merged.start_date === 'string' &&
    merged.end_date < merged.start_date
  )
    issues.push({ path: under(at, 'fields.end_date'), message: 'The end date is before the start date.' });
  if (
    collection === 'maintenance_requests' &&
    typeof merged.unit_id === 'string' &&
    ('unit_id' in fields || 'property_id' in fields)
  ) {
    const unit = store.get(org, 'units', merged.unit_id);
    if (unit && unit.property_id !== merged.property_id)
      issues.push({
        path: under(at, 'fields.unit_id'),
        message: 'The unit does not belong to the given property.',
      });
  }
  return issues;
}

/**
 * Every problem of writing `fields` to a record of the collection (`current` for an update); the
 * references are checked once the fields themselves are sound. `at` prefixes each path (none if empty).
 */
export function recordIssues(
  store: RecordStore,
  org: string,
  collection: Collection,
  operation: Operation,
  fields: Record<string, unknown>,
  current: Record<string, unknown> | undefined,
  at: string,
): ValidationIssue[] {
  const own = fieldIssues(collection, operation, fields, at);
  return own.length > 0
    ? own
    : referenceIssues(store, org, collection, { ...current, ...fields }, fields, at);
}
