// Compares what a suggestion asked for with what the service now holds for the record, after a
// person approved it: the suggestions service shows whether the suggested values are live. The check
// reads the service (it must be current); the records it reads are handed on to the offline copy, so
// each approved record is read once.
import type { LiveCheck } from '../../shared/suggestions';
import { collectionWords, isResourceType, RESOURCE_COLLECTION } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import { UserError } from '../base/user-error';
import type { ServiceClient } from '../connections/types';
import type { ObservedProposal, OpenProposal } from '../store/suggestions-records';

/** JSON-equal, with object keys in any order (services may reorder them). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

export function compareLive(
  suggested: Record<string, unknown>,
  current: Record<string, unknown>,
  checkedAt: string,
): LiveCheck {
  const fields = Object.entries(suggested).map(([name, value]) => ({
    name,
    suggested: value,
    current: current[name] ?? null,
  }));
  return {
    checkedAt,
    live: fields.every((f) => sameValue(f.suggested, f.current)),
    fields,
    problem: null,
  };
}

export function liveProblem(
  suggested: Record<string, unknown> | null,
  problem: string,
  checkedAt: string,
): LiveCheck {
  return {
    checkedAt,
    live: false,
    fields: Object.entries(suggested ?? {}).map(([name, value]) => ({
      name,
      suggested: value,
      current: null,
    })),
    problem,
  };
}

/** Words for a failed poll or re-read: the service's own message where it gave one. */
export function problemOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'ApiError' || error.name === 'UserError'))
    return error.message;
  return 'Checking on your suggestions failed unexpectedly. PropDesk will try again.';
}

/** The record a re-read asked for, as the service answered it. */
export interface ReadRecord {
  collection: Collection;
  id: string;
  record: ServiceRecord;
}

/** A re-read that failed: why, by the error's code (`bad_response` for an answer refused). */
export interface ReadFailure {
  collection: Collection;
  id: string;
  code: string | undefined;
}

/** The key of one record among those re-read. */
export const recordKey = (collection: Collection, id: string) => `${collection}\n${id}`;

/**
 * Reads one record again, as background work, accepting only the record asked for: an answer about
 * another record is refused (and logged by the caller), never taken for this one.
 */
export async function reread(
  client: Pick<ServiceClient, 'get'>,
  collection: Collection,
  id: string,
): Promise<ServiceRecord> {
  const record = await client.get(collection, id, { priority: 'background' });
  if (record.id !== id)
    throw new UserError(
      'bad_response',
      `The service answered a request for ${collectionWords(collection)} ${id} with another record (${String(record.id).slice(0, 80)}), so PropDesk did not use it.`,
    );
  return record;
}

/**
 * The live checks of the proposals a poll saw applied: each record they changed is read once, all at
 * once (two proposals of one record share its read), and compared with what each suggested. Returns
 * the records read and the reads that failed, for the offline copy to keep without reading them
 * again, and how many requests that took.
 */
export async function checkApplied(
  client: Pick<ServiceClient, 'get'>,
  observed: readonly ObservedProposal[],
  stored: ReadonlyMap<string, OpenProposal>,
  at: () => string,
  log: (message: string, error?: unknown) => void,
): Promise<{ live: Map<string, LiveCheck>; read: ReadRecord[]; failed: ReadFailure[]; requests: number }> {
  const live = new Map<string, LiveCheck>();
  const targets = new Map<string, { collection: Collection; id: string; checks: Array<() => void> }>();
  type Result =
    { ok: true; record: ServiceRecord } | { ok: false; problem: string; code: string | undefined };
  const results = new Map<string, Result>();
  for (const p of observed) {
    const known = stored.get(p.id);
    if (p.status !== 'applied' || !known?.fields) continue;
    const fields = known.fields;
    const { resourceType } = known;
    if (!isResourceType(resourceType)) {
      live.set(p.id, liveProblem(fields, `PropDesk cannot read records of type “${resourceType}”.`, at()));
      continue;
    }
    const id = known.resourceId ?? p.resourceId;
    if (!id) {
      live.set(
        p.id,
        liveProblem(
          fields,
          'The service did not say which record was created. PropDesk is looking for it by the values suggested.',
          at(),
        ),
      );
      continue;
    }
    const collection = RESOURCE_COLLECTION[resourceType];
    const key = recordKey(collection, id);
    const target = targets.get(key) ?? { collection, id, checks: [] };
    targets.set(key, target);
    target.checks.push(() => {
      const result = results.get(key)!;
      live.set(
        p.id,
        result.ok
          ? compareLive(fields, result.record, at())
          : liveProblem(fields, `PropDesk could not re-read the record: ${result.problem}`, at()),
      );
    });
  }
  await Promise.all(
    [...targets].map(async ([key, { collection, id }]) => {
      try {
        results.set(key, { ok: true, record: await reread(client, collection, id) });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'bad_response') log('A re-read after approval was refused', error);
        results.set(key, {
          ok: false,
          problem: problemOf(error),
          code: typeof code === 'string' ? code : undefined,
        });
      }
    }),
  );
  const read: ReadRecord[] = [];
  const failed: ReadFailure[] = [];
  for (const [key, target] of targets) {
    for (const check of target.checks) check();
    const result = results.get(key)!;
    const { collection, id } = target;
    if (result.ok) read.push({ collection, id, record: result.record });
    else failed.push({ collection, id, code: result.code });
  }
  return { live, read, failed, requests: targets.size };
}
