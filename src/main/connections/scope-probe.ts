// "Test connection": asks each collection and the suggestions list for one record, and reports which
// ones this API key may read, which it may not, and which failed for another reason.
import { COLLECTIONS, PROPOSALS_READ_SCOPE, readScope } from '../../shared/service';
import type { ServiceClient } from './types';

export interface ScopeCheck {
  target: string;
  scope: string;
  outcome: 'readable' | 'not_allowed' | 'error';
  message?: string;
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
