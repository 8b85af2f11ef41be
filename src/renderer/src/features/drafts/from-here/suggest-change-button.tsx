// "Suggest a change" on a record: adds an update of this record (with the record as its snapshot)
// to a draft still being edited, or to a new one, and opens the editor on it.
import { Alert } from '../../../ui/alert';
import { Dialog } from 'radix-ui';
import { FilePen, Plus } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { DraftDetail } from '../../../../../shared/drafts';
import type { Collection, ServiceRecord } from '../../../../../shared/service';
import { resourceNoun, resourceTypeOf } from '../../../../../shared/service';
import { errorMessage } from '../../../lib/call';
import { navigate } from '../../../router/use-route';
import { moneyUnitOf } from '../../../../../shared/contract';
import { recordLabel } from '../../collections/record-label';
import { useContract } from '../../contract/use-contract-api';
import { endedLeaseWarning } from '../ended-lease';
import { requestFocus } from '../focus-request';
import { RefusedNote } from '../../connections/refused-note';
import { newChangeId } from '../new-change-id';
import { useCreateDraft, useDraftList, usePutChange } from '../use-drafts-api';
import '../../../styles/drafts.css';
import { TextField } from '../../../ui/text-field';

export function SuggestChangeButton({
  collection,
  record,
}: {
  collection: Collection;
  record: ServiceRecord;
}) {
  const resourceType = resourceTypeOf(collection);
  const [open, setOpen] = useState(false);
  const drafts = useDraftList();
  const name = recordLabel(collection, record);
  const [label, setLabel] = useState('');
  const creating = useCreateDraft();
  const adding = usePutChange();
  const { contract } = useContract();
  if (!resourceType) return null;
  const type = resourceType;
  // The field such a change is usually about: the record's amount (a lease's rent, a payment's amount).
  const ownField = contract?.resources[type].updateFields.find((f) => moneyUnitOf(f) !== null)?.name;
  const editable = (drafts.data?.drafts ?? []).filter(
    (d) => d.state === 'editing' && d.changeCount < d.maxChanges,
  );

  const ended = type === 'lease' ? endedLeaseWarning(record, new Date()) : undefined;
  const busy = creating.isPending || adding.isPending;
  const failure = creating.error ?? adding.error;
  const problem = failure ? errorMessage(failure) : null;

  // A new draft is made with its change in one call: refused, it leaves no empty draft behind.
  function addTo(draftId: string | null) {
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

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        creating.reset();
        adding.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="btn panel-cta">
          <FilePen size={13} aria-hidden /> Suggest a change
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            Suggest a change to {resourceNoun(type)} {name}
          </Dialog.Title>
          <Dialog.Description className="muted">
            The change goes into a draft, where you fill in the new values. Nothing is sent until you submit
            the draft, and nothing changes until a person approves it in the service.
          </Dialog.Description>
          <RefusedNote types={[type]} />
          {ended ? <Alert tone="warn">{ended}</Alert> : null}
          {editable.length ? (
            <div className="draft-choices" role="group" aria-label="Add to a draft">
              {editable.map((d) => (
                <button
                  key={d.id}
                  type="button"
                  className="btn choice"
                  disabled={busy}
                  onClick={() => addTo(d.id)}
                >
                  <span>{d.label}</span>
                  <span className="muted num">
                    {d.changeCount} of {d.maxChanges}
                  </span>
                </button>
              ))}
            </div>
          ) : null}
          <form
            className="form inline-form"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              addTo(null);
            }}
          >
            <TextField
              label="New draft"
              value={label}
              maxLength={200}
              placeholder={`Changes to ${resourceNoun(type)} ${name}`}
              onChange={setLabel}
            />
            <button type="submit" className="btn primary" disabled={busy}>
              <Plus size={14} aria-hidden /> Add to a new draft
            </button>
          </form>
          {problem ? <Alert>{problem}</Alert> : null}
          <p className="muted small">
            Adds an update of this {resourceNoun(type)}, with its values as read now shown as “current”.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
