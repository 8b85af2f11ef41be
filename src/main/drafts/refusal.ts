// What a refused submission tells the landlord: the service's reasons placed on the changes and fields
// they name (changes.2.fields.end_date, or a field only one sent change has), whether the refusal was
// for a missing permission and for which record types, and words that say what to do next, also when
// nothing could be placed.
import type { DraftProblem } from '../../shared/drafts';
import type { PermissionRefusal } from '../../shared/permissions';
import { proposeScope, RESOURCE_TYPES, resourceNoun } from '../../shared/service';
import type { ChangeItem, ResourceType } from '../../shared/service';
import type { ApiError } from '../api/errors/api-error';

/** A change as it was sent: its draft change's ID and its item in the body, in body order. */
export interface SentItem {
  changeId: string;
  item: ChangeItem;
}

const MAX_PROBLEMS = 200;

/** Maps the service's reasons onto the draft's changes where the place they name says which. */
export function problemsFromRefusal(error: ApiError, sent: readonly SentItem[]): DraftProblem[] {
  const out: DraftProblem[] = [];
  for (const reason of error.reasons.slice(0, MAX_PROBLEMS)) {
    const parts = reason.path ? reason.path.split('.') : [];
    const message = reason.message.slice(0, 500);
    if (parts[0] === 'changes' && /^\d+$/.test(parts[1] ?? '')) {
      const at = sent[Number(parts[1])];
      out.push({
        changeId: at?.changeId ?? null,
        path: at ? parts.slice(2).join('.') : reason.path,
        message: at ? message : `${reason.path}: ${message}`,
      });
      continue;
    }
    // "monthly_rent" or "fields.monthly_rent" alone: the one sent change with that field, if only one.
    const field = parts[0] === 'fields' ? parts[1] : parts.length === 1 ? parts[0] : undefined;
    const holders = field ? sent.filter((s) => field in s.item.fields) : [];
    if (holders.length === 1 && field) {
      out.push({ changeId: holders[0]!.changeId, path: `fields.${field}`, message });
      continue;
    }
    out.push({
      changeId: null,
      path: reason.path,
      message: reason.path ? `${reason.path}: ${message}` : message,
    });
  }
  return out;
}

const PERMISSION_CODES =
  /^(forbidden|insufficient[_-]?scopes?|missing[_-]?scopes?|permission[_-]?denied|access[_-]?denied|not[_-]?allowed|unauthori[sz]ed[_-]?scope|scope[_-]?required)$/i;
const PERMISSION_WORDS = /\b(scopes?|permissions?|not (allowed|permitted)|lacks?|forbidden)\b/i;

/** The record types a scope name stands for ("tenants:propose" → tenant). */
function typesInText(text: string): ResourceType[] {
  return RESOURCE_TYPES.filter((t) => text.includes(proposeScope(t)));
}

function scopesIn(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value.match(/[\w.-]+:propose\b/g) ?? [];
  if (depth > 3 || !value || typeof value !== 'object') return [];
  return Object.values(value as Record<string, unknown>).flatMap((v) => scopesIn(v, depth + 1));
}

/**
 * A refusal for a missing permission, per record type it names: the service's 403, or a code or words
 * that say so. The types come from the scopes it names; when it names none, every type sent.
 */
export function permissionRefusals(
  error: ApiError,
  connectionId: string,
  sentTypes: readonly ResourceType[],
  at: string,
): PermissionRefusal[] {
  const code = typeof error.details?.serviceCode === 'string' ? error.details.serviceCode : '';
  const said = `${error.message} ${error.reasons.map((r) => r.message).join(' ')}`;
  // The documentation leaves the code open: a 403, a code that says so (an OAuth-style
  // insufficient_scope on a 401 too), or words that name a :propose scope as missing.
  const permission =
    error.code === 'forbidden' ||
    PERMISSION_CODES.test(code) ||
    (PERMISSION_WORDS.test(said) && /:propose\b/.test(said));
  if (!permission) return [];
  // The scopes the service itself named (its details, its reasons); the client's own wording of the
  // error names every type of the batch, so it does not count.
  const reasons = error.reasons.map((r) => r.message);
  const named = [...new Set([...scopesIn(error.details?.service), ...scopesIn(reasons)])];
  const types = named.length
    ? RESOURCE_TYPES.filter((t) => named.some((s) => typesInText(s).includes(t)))
    : [];
  const refused = types.length ? types : [...new Set(sentTypes)];
  return refused.map((resourceType) => {
    const scope = named.find((s) => typesInText(s).includes(resourceType)) ?? proposeScope(resourceType);
    return {
      connectionId,
      resourceType,
      scope,
      message: `The service refused suggestions of ${resourceNoun(resourceType)} records from this connection's key (it needs the permission ${scope}).`,
      refusedAt: at,
    };
  });
}

/** The words kept with the reopened draft: what happened, and what to do now. */
export function refusalMessage(
  error: ApiError | undefined,
  problems: readonly DraftProblem[],
  refusals: readonly PermissionRefusal[],
): string {
  const reason = error?.message ?? 'The service refused this batch.';
  const head = `The service did not accept this batch, so nothing was suggested: ${reason}`;
  if (refusals.length)
    return `${head} This connection's key may not suggest these changes. Ask an Admin of your organisation to add the permission in the service's web application (API & Automation), or use a connection with a key that has it; PropDesk says so before you draft more of them until one is accepted or the key changes. The draft can be edited and submitted again.`;
  if (problems.some((p) => p.changeId !== null))
    return `${head} The draft can be edited again: correct what is marked beside the changes, then submit once more.`;
  if (problems.length)
    return `${head} The service did not say which change each reason is about, so nothing is marked: its reasons are listed above the changes. Correct the changes they describe, then submit once more.`;
  return `${head} It gave no reason PropDesk can place on a change, so nothing is marked. Check the changes against its words above (a value the service does not accept, a record it cannot find), correct them and submit once more; if it keeps refusing, ask your service's administrator.`;
}
