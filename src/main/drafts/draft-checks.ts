// Checks a draft as main sees it before anything is sent: the contract's rules for every change, and
// the batch rules the contract cannot express (size, one field changed twice, an identical change
// already waiting for review). Also builds the exact request body, without unchanged update fields.
// What only a draft sent in parts can get wrong is checked by its plan (parts/plan-submission.ts).
import type { DraftChange, DraftProblem } from '../../shared/drafts';
import type { CompiledContract } from '../../shared/contract';
import { validateChanges } from '../../shared/contract';
import { MAX_CHANGES_PER_BATCH } from '../../shared/service';
import type { ChangeItem, SuggestionRequest } from '../../shared/service';
import type { PendingSuggestion } from '../store/suggestions-records';

/** JSON with sorted keys, so two equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** The fields an update really changes: values equal to the record as drafted are left out. */
export function effectiveFields(change: DraftChange): Record<string, unknown> {
  if (change.operation !== 'update' || !change.snapshot) return change.fields;
  const snapshot = change.snapshot;
  return Object.fromEntries(
    Object.entries(change.fields).filter(
      ([name, value]) =>
        !(Object.prototype.hasOwnProperty.call(snapshot, name) && same(snapshot[name], value)),
    ),
  );
}

export function toChangeItem(change: DraftChange): ChangeItem {
  const fields = effectiveFields(change);
  return change.operation === 'update'
    ? { operation: 'update', resourceType: change.resourceType, resourceId: change.resourceId ?? '', fields }
    : { operation: 'create', resourceType: change.resourceType, fields };
}

export function buildRequest(label: string, changes: readonly DraftChange[]): SuggestionRequest {
  return { label, changes: changes.map(toChangeItem) };
}

const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * The size of the batch, and each change against the contract; `unchecked` names fields of a change
 * that are not checked (a link's field, filled in once its record exists).
 */
export function checkChanges(
  label: string,
  changes: readonly DraftChange[],
  contract: CompiledContract | undefined,
  unchecked: (change: DraftChange) => ReadonlySet<string> = () => NO_FIELDS,
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (changes.length === 0) {
    problems.push({ changeId: null, path: '', message: 'Add at least one change before submitting.' });
  }
  if (changes.length > MAX_CHANGES_PER_BATCH) {
    problems.push({
      changeId: null,
      path: '',
      message: `A batch holds at most ${MAX_CHANGES_PER_BATCH} changes; this draft has ${changes.length}. Move some into another draft.`,
    });
  }
  if (contract && changes.length > 0) {
    const check = validateChanges(contract, buildRequest(label, changes), 500);
    if (!check.ok) {
      for (const p of check.problems) {
        const change = p.index >= 0 ? changes[p.index] : undefined;
        if (p.index >= 0 && !change) continue;
        if (change && unchecked(change).has(p.path.replace(/^fields\./, ''))) continue;
        problems.push({ changeId: change?.id ?? null, path: p.path, message: p.message });
      }
    }
  }
  return problems;
}

/** Changes that overlap: one field of a record changed twice, or a suggestion already waiting. */
export function checkOverlaps(
  changes: readonly DraftChange[],
  pending: readonly PendingSuggestion[],
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  // The same field of the same record changed twice in one batch: the reviewer could not tell which wins.
  const firstTouch = new Map<string, number>();
  changes.forEach((change, index) => {
    if (change.operation !== 'update' || !change.resourceId) return;
    for (const field of Object.keys(effectiveFields(change))) {
      const key = `${change.resourceType}\u0000${change.resourceId}\u0000${field}`;
      const first = firstTouch.get(key);
      if (first === undefined) firstTouch.set(key, index);
      else
        problems.push({
          changeId: change.id,
          path: `fields.${field}`,
          message: `Change ${first + 1} in this draft already changes this field of the same record. Keep one of them.`,
        });
    }
  });

  // An identical suggestion already waiting for review would only duplicate the reviewer's work.
  const waiting = new Map<string, PendingSuggestion>();
  for (const p of pending) {
    waiting.set(canonicalJson([p.operation, p.resourceType, p.resourceId, p.fields]), p);
  }
  for (const change of changes) {
    const item = toChangeItem(change);
    const key = canonicalJson([
      item.operation,
      item.resourceType,
      item.operation === 'update' ? item.resourceId : null,
      item.fields,
    ]);
    const found = waiting.get(key);
    if (found) {
      problems.push({
        changeId: change.id,
        path: '',
        message: `An identical suggestion is already waiting for review in ${found.label ? `“${found.label}”` : `batch ${found.batchId}`}. Remove this change or wait for that one to be decided.`,
      });
    }
  }
  return problems;
}

export function checkDraft(
  label: string,
  changes: readonly DraftChange[],
  contract: CompiledContract | undefined,
  pending: readonly PendingSuggestion[],
): DraftProblem[] {
  return [...checkChanges(label, changes, contract), ...checkOverlaps(changes, pending)];
}
