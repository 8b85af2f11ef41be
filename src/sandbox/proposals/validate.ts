// Checks a suggestion request in full before anything is recorded: shape, scopes per resource
// type, then each change as any write to a record is checked (records/record-checks.ts). Every
// problem is reported with its path.
import {
  MAX_CHANGES_PER_BATCH,
  MIN_CHANGES_PER_BATCH,
  OPERATIONS,
  RESOURCE_COLLECTION,
  RESOURCE_TYPES,
  type Operation,
  type ResourceType,
  isResourceType,
  proposeScope,
} from '../../shared/service';
import { requireScope } from '../auth';
import { validationFailed, type ValidationIssue } from '../http/api-error';
import { isJsonObject } from '../http/json-body';
import type { ApiKey } from '../keys';
import { recordIssues } from '../records/record-checks';
import type { RecordStore, StoredRecord } from '../store/record-store';

export const MAX_LABEL_LENGTH = 200;

export interface ValidChange {
  operation: Operation;
  resourceType: ResourceType;
  resourceId: string | null;
  fields: Record<string, unknown>;
  current: StoredRecord | undefined;
}

function shapeIssues(body: unknown): ValidationIssue[] {
  if (!isJsonObject(body))
    return [{ path: '', message: 'The body must be a JSON object with "changes" (and optionally "label").' }];
  const issues: ValidationIssue[] = [];
  for (const k of Object.keys(body))
    if (k !== 'label' && k !== 'changes')
      issues.push({ path: k, message: 'Unrecognised property; allowed: label, changes.' });
  if (body.label !== undefined && (typeof body.label !== 'string' || body.label.length > MAX_LABEL_LENGTH))
    issues.push({ path: 'label', message: `Must be a string of at most ${MAX_LABEL_LENGTH} characters.` });
  const changes = body.changes;
  if (
    !Array.isArray(changes) ||
    changes.length < MIN_CHANGES_PER_BATCH ||
    changes.length > MAX_CHANGES_PER_BATCH
  ) {
    issues.push({
      path: 'changes',
      message: `Must be an array of ${MIN_CHANGES_PER_BATCH} to ${MAX_CHANGES_PER_BATCH} changes.`,
    });
    return issues;
  }
  changes.forEach((c, i) => {
    const at = `changes[${i}]`;
    if (!isJsonObject(c)) return issues.push({ path: at, message: 'Must be an object.' });
    for (const k of Object.keys(c))
      if (!['operation', 'resourceType', 'resourceId', 'fields'].includes(k))
        issues.push({
          path: `${at}.${k}`,
          message: 'Unrecognised property; allowed: operation, resourceType, resourceId, fields.',
        });
    if (!OPERATIONS.includes(c.operation as Operation))
      issues.push({ path: `${at}.operation`, message: 'Must be "create" or "update".' });
    if (!isResourceType(c.resourceType))
      issues.push({ path: `${at}.resourceType`, message: `Must be one of ${RESOURCE_TYPES.join(', ')}.` });
    if (c.operation === 'update' && (typeof c.resourceId !== 'string' || c.resourceId.length === 0))
      issues.push({
        path: `${at}.resourceId`,
        message: 'Required for an update: the ID of the record to change.',
      });
    if (c.operation === 'create' && c.resourceId !== undefined)
      issues.push({ path: `${at}.resourceId`, message: 'Must be omitted when creating.' });
    if (!isJsonObject(c.fields))
      issues.push({ path: `${at}.fields`, message: 'Must be an object of suggested values.' });
    return undefined;
  });
  return issues;
}

/** The valid changes and label, or throws 400 (with every problem) or 403 (first missing scope). */
export function validateSuggestion(
  body: unknown,
  key: ApiKey,
  store: RecordStore,
): { label: string | null; changes: ValidChange[] } {
  const shape = shapeIssues(body);
  if (shape.length > 0) throw validationFailed(shape);
  const request = body as {
    label?: string;
    changes: Array<{
      operation: Operation;
      resourceType: ResourceType;
      resourceId?: string;
      fields: Record<string, unknown>;
    }>;
  };
  for (const type of new Set(request.changes.map((c) => c.resourceType)))
    requireScope(key, proposeScope(type));
  const issues: ValidationIssue[] = [];
  const changes = request.changes.map((c, i): ValidChange => {
    const at = `changes[${i}]`;
    const collection = RESOURCE_COLLECTION[c.resourceType];
    const current =
      c.operation === 'update' ? store.get(key.organisation, collection, c.resourceId!) : undefined;
    if (c.operation === 'update' && !current)
      issues.push({
        path: `${at}.resourceId`,
        message: `No ${c.resourceType.replace('_', ' ')} with this ID exists in your organisation.`,
      });
    issues.push(...recordIssues(store, key.organisation, collection, c.operation, c.fields, current, at));
    return {
      operation: c.operation,
      resourceType: c.resourceType,
      resourceId: c.resourceId ?? null,
      fields: c.fields,
      current,
    };
  });
  if (issues.length > 0) throw validationFailed(issues);
  return { label: request.label ?? null, changes };
}
