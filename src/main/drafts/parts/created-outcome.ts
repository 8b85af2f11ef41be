// What became of a created record once a person decided on its suggestion, in words for the landlord:
// found (the ID the service reported, else the one record that carries the suggested values and was
// not there before), to be chosen among several (or when what was there before is not known), or
// ended because the suggestion was dismissed or expired.
import type { ResourceType } from '../../../shared/service';
import type { CreatedOutcome, DecidedRecord } from '../../store/parts-repo';

const NOUN: Record<ResourceType, string> = {
  property: 'property',
  unit: 'unit',
  tenant: 'tenant',
  lease: 'lease',
  payment: 'payment',
  maintenance_request: 'maintenance request',
};

/** The note on a record the landlord chose. */
export const CHOSEN_NOTE = 'Chosen by you among the records that carry the suggested values.';

/**
 * `carryingNow` reads the records of the type that carry the suggested values now; it is asked only
 * when the service approved the create without saying which record it made, and may throw.
 */
export async function createdOutcome(
  a: DecidedRecord,
  carryingNow: () => Promise<string[]>,
): Promise<CreatedOutcome> {
  const noun = NOUN[a.resourceType];
  if (a.status !== 'applied')
    return {
      state: 'ended',
      note: `The new ${noun} was ${a.status === 'dismissed' ? 'dismissed' : 'left to expire'} at the service, so it will not be created and this part cannot name it. Choose an existing ${noun} instead, or draft the ${noun} again.`,
    };
  if (a.reportedId) return { state: 'found', recordId: a.reportedId, note: null };
  const now = await carryingNow();
  const before = a.beforeIds ? new Set(a.beforeIds) : null;
  const fresh = before ? now.filter((id) => !before.has(id)) : now;
  if (before && fresh.length === 1)
    return {
      state: 'found',
      recordId: fresh[0]!,
      note: `The service did not say which ${noun} it created, so PropDesk took the one that carries the suggested values and was not there before.`,
    };
  if (fresh.length === 0)
    return {
      state: 'choose',
      candidates: [],
      note: `The new ${noun} was approved, but no ${noun} with the suggested values can be found at the service (it may have been changed on approval). Choose the ${noun} it created.`,
    };
  return {
    state: 'choose',
    candidates: fresh,
    note: before
      ? `The new ${noun} was approved, and ${fresh.length} ${noun} records carry the suggested values and were not there before. Choose the one it created.`
      : `The new ${noun} was approved. PropDesk could not read the ${noun} records before it was sent, so it cannot tell an older one with the same values from the new one: choose the one it created.`,
  };
}
