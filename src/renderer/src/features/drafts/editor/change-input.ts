// A change of the draft as the draft store writes it: the same change with the fields its form now sends,
// an update keeping its record and the copy read when it was drafted.
import type { DraftChange, DraftChangeInput } from '../../../../../shared/drafts';

export function changeWith(
  change: DraftChange,
  fields: Record<string, unknown>,
): DraftChangeInput & { id: string } {
  return change.operation === 'create'
    ? { id: change.id, operation: 'create', resourceType: change.resourceType, fields }
    : {
        id: change.id,
        operation: 'update',
        resourceType: change.resourceType,
        resourceId: change.resourceId ?? '',
        fields,
        snapshot: change.snapshot,
      };
}
