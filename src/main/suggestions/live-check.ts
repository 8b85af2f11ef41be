// Compares what a suggestion asked for with what the service now holds for the record, after a
// person approved it: the suggestions service shows whether the suggested values are live.
import type { LiveCheck } from '../../shared/suggestions';
import { RESOURCE_COLLECTION, isResourceType } from '../../shared/service';
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

/** Re-reads the record a suggestion changed and compares it with the suggested values; `at` stamps the check. */
export async function checkLive(
  client: Pick<ServiceClient, 'get'>,
  resourceType: string,
  resourceId: string | null,
  fields: Record<string, unknown>,
  at: () => string,
): Promise<LiveCheck> {
  if (!isResourceType(resourceType))
    return liveProblem(fields, `PropDesk cannot read records of type “${resourceType}”.`, at());
  if (!resourceId) {
    return liveProblem(
      fields,
      'The service did not say which record was created, so PropDesk could not check its values.',
      at(),
    );
  }
  try {
    const record = await client.get(RESOURCE_COLLECTION[resourceType], resourceId);
    return compareLive(fields, record, at());
  } catch (error) {
    return liveProblem(fields, `PropDesk could not re-read the record: ${problemOf(error)}`, at());
  }
}

/** The live checks of the proposals a poll saw applied, and how many records were re-read for them. */
export async function checkApplied(
  client: Pick<ServiceClient, 'get'>,
  observed: readonly ObservedProposal[],
  stored: ReadonlyMap<string, OpenProposal>,
  at: () => string,
): Promise<{ live: Map<string, LiveCheck>; requests: number }> {
  const live = new Map<string, LiveCheck>();
  let requests = 0;
  for (const p of observed) {
    const known = stored.get(p.id);
    if (p.status !== 'applied' || !known?.fields) continue;
    const id = known.resourceId ?? p.resourceId;
    live.set(p.id, await checkLive(client, known.resourceType, id, known.fields, at));
    requests += id ? 1 : 0;
  }
  return { live, requests };
}
