// The tracker's word on an applied create the service did not name the record of: once PropDesk has
// found the record by the values suggested (drafts/parts/created-records.ts), the suggestion names it
// ("created: <name>") and says whether the suggested values are live; until then, it says plainly that
// the record is not yet found and why. Each record found is read once here and handed on, as read, to
// the offline copy, so it appears in its list.
import { RESOURCE_COLLECTION, resourceNoun } from '../../shared/service';
import type { ResourceType } from '../../shared/service';
import type { LiveCheck } from '../../shared/suggestions';
import type { ServiceClient } from '../connections/types';
import type { CreatedOutcome } from '../store/parts-repo';
import type { SuggestionsRepository } from '../store/suggestions-repo';
import type { RecordRef } from './applied-records';
import { compareLive, liveProblem, problemOf, reread } from './live-check';

/** What became of the record one suggested create made. */
export interface SettledCreate {
  connectionId: string;
  proposalId: string;
  resourceType: ResourceType;
  fields: Record<string, unknown>;
  outcome: CreatedOutcome;
}

/** Why the record is not named yet, in the tracker's words. */
export function notFoundYet(resourceType: ResourceType, outcome: CreatedOutcome): string | null {
  const noun = resourceNoun(resourceType);
  if (outcome.state === 'found' || outcome.state === 'ended') return null;
  if (outcome.candidates.length === 0)
    return `The service did not say which ${noun} it created, and PropDesk could not yet find one that carries the suggested values (it may have been changed on approval).`;
  return `The service did not say which ${noun} it created, and ${outcome.candidates.length} ${resourceNoun(resourceType, outcome.candidates.length)} carry the suggested values: choose the one it created.`;
}

/** The records offered to choose from, when there are several. */
const candidatesOf = (outcome: CreatedOutcome): string[] =>
  outcome.state === 'choose' ? outcome.candidates.slice(0, 50) : [];

/**
 * Stores the tracker's word on each settled create and returns the records found, read, for the
 * offline copy, with whether any suggestion changed.
 */
export async function nameCreated(
  repo: Pick<SuggestionsRepository, 'createdFound'>,
  client: Pick<ServiceClient, 'get'>,
  settled: readonly SettledCreate[],
  at: () => string,
): Promise<{ records: RecordRef[]; changed: boolean }> {
  const records: RecordRef[] = [];
  let changed = false;
  for (const s of settled) {
    const collection = RESOURCE_COLLECTION[s.resourceType];
    if (s.outcome.state === 'found') {
      const id = s.outcome.recordId;
      let live: LiveCheck;
      try {
        const record = await reread(client, collection, id);
        live = compareLive(s.fields, record, at());
        records.push({ collection, id, record });
      } catch (error) {
        live = liveProblem(
          s.fields,
          `PropDesk found the record but could not re-read it: ${problemOf(error)}`,
          at(),
        );
        // An answer about another record, or none at all, is left to the copy's next update.
        const code = (error as { code?: unknown }).code;
        if (code !== 'bad_response' && code !== 'not_found') records.push({ collection, id, later: true });
      }
      changed = repo.createdFound(s.connectionId, s.proposalId, id, live) || changed;
      continue;
    }
    const words = notFoundYet(s.resourceType, s.outcome);
    if (!words) continue;
    const live = { ...liveProblem(s.fields, words, at()), candidates: candidatesOf(s.outcome) };
    changed = repo.createdFound(s.connectionId, s.proposalId, null, live) || changed;
  }
  return { records, changed };
}
