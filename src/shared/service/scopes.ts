// Scope names. the service's documentation names the :read scopes and gives `leases:propose` as the pattern for
// suggesting; the exact :propose names are "not shown", so the client uses these only to word messages.
import type { Collection, ResourceType } from './collections';
import { RESOURCE_COLLECTION } from './collections';

const SCOPE_PREFIX: Record<Collection, string> = {
  properties: 'properties',
  units: 'units',
  tenants: 'tenants',
  leases: 'leases',
  payments: 'payments',
  maintenance_requests: 'maintenance',
  documents: 'documents',
};

export const PROPOSALS_READ_SCOPE = 'proposals:read';

export function readScope(collection: Collection): string {
  return `${SCOPE_PREFIX[collection]}:read`;
}

export function proposeScope(resourceType: ResourceType): string {
  return `${SCOPE_PREFIX[RESOURCE_COLLECTION[resourceType]]}:propose`;
}
