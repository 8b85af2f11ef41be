// What "Add change" does once the user has chosen: a new record of the chosen type, or a change to an
// existing record, read from the service first so its current values are kept with the draft as a
// snapshot (offline it can't be read, and the change is drafted all the same, checked again before
// submitting). Owns whether it is at work and what the user must put right.
import { useState } from 'react';
import type { DraftChangeInput } from '../../../../../shared/drafts';
import { RESOURCE_COLLECTION, resourceNoun } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';
import { asUiError } from '../../../lib/call';
import { useReadRecord } from '../../collections/use-collections-api';
import { newChangeId } from '../new-change-id';

const ID_SHAPE = /^[\w.:-]{1,200}$/;

export interface AddChangeOptions {
  /** Saves the change in main; resolves to an error message or null. */
  onAdd: (change: DraftChangeInput & { id: string }) => Promise<string | null>;
  /** Something the user should know about the added change, or null to clear it. */
  onNotice: (message: string | null) => void;
}

export function useAddChange({ onAdd, onNotice }: AddChangeOptions) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reader = useReadRecord();

  /** The change's ID once it is in the draft; otherwise null, and `problem` says why not. */
  async function add(operation: Operation, type: ResourceType, recordId: string): Promise<string | null> {
    setProblem(null);
    if (operation === 'update' && !ID_SHAPE.test(recordId.trim())) {
      setProblem('Choose the record to change, or type its ID.');
      return null;
    }
    setBusy(true);
    let change: DraftChangeInput & { id: string };
    if (operation === 'create') {
      change = { id: newChangeId(), operation: 'create', resourceType: type, fields: {} };
    } else {
      const id = recordId.trim();
      // The record as it is now becomes the "current" side of the form.
      const read = await reader
        .mutateAsync({ collection: RESOURCE_COLLECTION[type], id })
        .then((data) => ({ ok: true as const, record: data.record }))
        .catch((error: unknown) => ({ ok: false as const, error: asUiError(error) }));
      if (!read.ok && read.error.code === 'not_found') {
        setBusy(false);
        setProblem(`No ${resourceNoun(type)} with ID ${id} can be read from the service.`);
        return null;
      }
      change = {
        id: newChangeId(),
        operation: 'update',
        resourceType: type,
        resourceId: id,
        fields: {},
        snapshot: read.ok ? read.record : null,
      };
      onNotice(
        read.ok
          ? null
          : `The record could not be read now, so the change was added without its current values. ${read.error.message}`,
      );
    }
    const error = await onAdd(change);
    setBusy(false);
    if (error) setProblem(error);
    return error ? null : change.id;
  }

  return { busy, problem, clearProblem: () => setProblem(null), add };
}
