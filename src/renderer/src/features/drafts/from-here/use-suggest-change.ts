// What "Suggest a change" holds while its dialog is open, and what choosing a draft does: an update of
// the record (its values as read now kept as the snapshot) goes into a draft still being edited, or into
// a new one made with it in one call (refused, it leaves no empty draft behind), and the editor opens on
// it at the field such a change is usually about.
import { useState } from 'react';
import type { DraftDetail } from '../../../../../shared/drafts';
import { moneyUnitOf } from '../../../../../shared/contract';
import { resourceNoun } from '../../../../../shared/service';
import type { ResourceType, ServiceRecord } from '../../../../../shared/service';
import { errorMessage } from '../../../lib/call';
import { navigate } from '../../../router/use-route';
import { useContract } from '../../contract/use-contract-api';
import { requestFocus } from '../focus-request';
import { newChangeId } from '../new-change-id';
import { useCreateDraft, useDraftList, usePutChange } from '../use-drafts-api';

export function useSuggestChange(type: ResourceType | undefined, record: ServiceRecord, name: string) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const drafts = useDraftList();
  const creating = useCreateDraft();
  const adding = usePutChange();
  const { contract } = useContract();
  // The field such a change is usually about: the record's amount (a lease's rent, a payment's amount).
  const ownField = type
    ? contract?.resources[type].updateFields.find((f) => moneyUnitOf(f) !== null)?.name
    : undefined;
  const editable = (drafts.data?.drafts ?? []).filter(
    (d) => d.state === 'editing' && d.changeCount < d.maxChanges,
  );
  const failure = creating.error ?? adding.error;

  function addTo(draftId: string | null) {
    if (!type) return;
    const change = {
      id: newChangeId(),
      operation: 'update' as const,
      resourceType: type,
      resourceId: record.id,
      fields: {},
      snapshot: record,
    };
    const opened = (draft: DraftDetail) => {
      setOpen(false);
      requestFocus(change.id, ownField);
      navigate({ view: 'draft', id: draft.id });
    };
    if (draftId === null) {
      const draftLabel = label.trim() || `Changes to ${resourceNoun(type)} ${name}`;
      creating.mutate({ label: draftLabel, changes: [change] }, { onSuccess: opened });
    } else adding.mutate({ draftId, change }, { onSuccess: opened });
  }

  return {
    open,
    /** Opens or closes the dialog, forgetting what the last attempt said. */
    setOpen: (next: boolean) => {
      setOpen(next);
      creating.reset();
      adding.reset();
    },
    label,
    setLabel,
    /** The drafts a change can still go into. */
    editable,
    busy: creating.isPending || adding.isPending,
    problem: failure ? errorMessage(failure) : null,
    addTo,
  };
}
