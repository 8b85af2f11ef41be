// The records that drafted updates name, read again from the service now, all at once (the
// connection's scheduler decides how many are in flight, and reads the same record once). The
// preflight before sending compares them with what was drafted; a CSV import keeps them as each
// update's "current" values. Both read them here, in one call from the window.
import type { CurrentRead } from '../../shared/drafts';
import { RESOURCE_COLLECTION } from '../../shared/service';
import type { ResourceType } from '../../shared/service';
import { ApiError } from '../api/errors/api-error';
import type { ServiceClient } from '../connections/types';

export interface RecordTarget {
  resourceType: ResourceType;
  resourceId: string;
}

/** One answer per target, in order: read, missing (the service has no such record), or unread for now. */
export function readCurrent(
  client: Pick<ServiceClient, 'get'>,
  targets: readonly RecordTarget[],
): Promise<CurrentRead[]> {
  return Promise.all(
    targets.map(async ({ resourceType, resourceId }): Promise<CurrentRead> => {
      try {
        const record = await client.get(RESOURCE_COLLECTION[resourceType], resourceId);
        return { id: resourceId, state: 'read' as const, record };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'not_found')
          return { id: resourceId, state: 'missing' };
        // Offline or refused for now: the caller goes on without current values.
        const message = error instanceof Error ? error.message : 'The record could not be read.';
        return { id: resourceId, state: 'unread', message };
      }
    }),
  );
}
