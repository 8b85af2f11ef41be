// "Test connection": asks each collection and the suggestions list for one record, and reports which
// ones this API key may read, which it may not, and which failed for another reason. Suggesting cannot
// be tried without sending a suggestion a person would then see, so for each record type it says so,
// or says what the service refused before (remembered until a suggestion of that type is accepted).
import type { PermissionRefusal } from '../../shared/permissions';
import {
  COLLECTIONS,
  PROPOSALS_READ_SCOPE,
  RESOURCE_COLLECTION,
  RESOURCE_TYPES,
  proposeScope,
  readScope,
} from '../../shared/service';
import type { ServiceClient } from './types';

export interface ScopeCheck {
  target: string;
  scope: string;
  outcome: 'readable' | 'not_allowed' | 'error' | 'untested' | 'refused';
  /** What to suggest, for a suggesting row (a record type); absent for reading. */
  suggesting?: boolean;
  message?: string;
}

export const UNTESTED_SUGGESTING =
  'Not checked: the service offers no way to test suggesting without sending a suggestion. PropDesk says so here if the service refuses one.';

/** One row per record type for suggesting: refused before, or not checkable. */
export function suggestingChecks(refusals: readonly PermissionRefusal[]): ScopeCheck[] {
  return RESOURCE_TYPES.map((type) => {
    const refused = refusals.find((r) => r.resourceType === type);
    return {
      target: RESOURCE_COLLECTION[type],
      scope: refused?.scope ?? proposeScope(type),
      suggesting: true,
      ...(refused
        ? { outcome: 'refused' as const, message: refused.message }
        : { outcome: 'untested' as const, message: UNTESTED_SUGGESTING }),
    };
  });
}

function outcomeOf(error: unknown): Pick<ScopeCheck, 'outcome' | 'message'> {
  const status = (error as { status?: number }).status;
  const message = error instanceof Error ? error.message : 'The check failed.';
  return status === 403 ? { outcome: 'not_allowed', message } : { outcome: 'error', message };
}

export async function probeScopes(client: ServiceClient): Promise<ScopeCheck[]> {
  const checks = COLLECTIONS.map(async (collection): Promise<ScopeCheck> => {
    try {
      await client.list(collection, { limit: 1 });
      return { target: collection, scope: readScope(collection), outcome: 'readable' };
    } catch (error) {
      return { target: collection, scope: readScope(collection), ...outcomeOf(error) };
    }
  });
  const proposals = (async (): Promise<ScopeCheck> => {
    try {
      await client.listProposals({ limit: 1 });
      return { target: 'proposals', scope: PROPOSALS_READ_SCOPE, outcome: 'readable' };
    } catch (error) {
      return { target: 'proposals', scope: PROPOSALS_READ_SCOPE, ...outcomeOf(error) };
    }
  })();
  return Promise.all([...checks, proposals]);
}
