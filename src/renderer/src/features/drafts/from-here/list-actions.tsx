// What a collection's list offers to draft beside its toolbar: on the Maintenance list, a new
// maintenance request; on a Leases list narrowed by the service's filters, renewing the leases shown.
// The screen composing the list passes it in.
import type { ListActions } from '../../collections/collection-view';
import { NewRepairFromList } from './new-record-buttons';
import { RenewShown } from '../../renewals/renew-shown';

export const listActions: ListActions = (collection, query) =>
  collection === 'maintenance_requests' ? (
    <NewRepairFromList />
  ) : collection === 'leases' ? (
    <RenewShown query={query} />
  ) : null;
