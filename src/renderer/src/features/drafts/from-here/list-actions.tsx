// What a collection's list offers to draft beside its toolbar: on the Maintenance list, a new
// maintenance request. The screen composing the list passes it in.
import type { ListActions } from '../../collections/collection-view';
import { NewRepairFromList } from './new-record-buttons';

export const listActions: ListActions = (collection) =>
  collection === 'maintenance_requests' ? <NewRepairFromList /> : null;
