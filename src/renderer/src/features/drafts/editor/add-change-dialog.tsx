// "Add change": choose what to suggest — a new record of some type, or a change to an existing one
// (picked from the service, then read so its current values are kept with the draft as a snapshot).
import { DialogActions } from '../../../ui/dialog-actions';
import { Alert } from '../../../ui/alert';
import { Dialog } from 'radix-ui';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CompiledContract } from '../../../../../shared/contract';
import type { DraftChangeInput } from '../../../../../shared/drafts';
import { RESOURCE_COLLECTION, RESOURCE_TYPES } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';
import { asUiError } from '../../../lib/call';
import { RecordPicker } from '../../collections/record-picker';
import { useReadRecord } from '../../collections/use-collections-api';
import { newChangeId } from '../new-change-id';
import { resourceTitle } from '../resource-words';

export interface AddChangeDialogProps {
  contract: CompiledContract;
  disabled: boolean;
  /** Saves the change in main; resolves to an error message or null. */
  onAdd: (change: DraftChangeInput & { id: string }) => Promise<string | null>;
  /** Something the user should know about the added change, or null to clear it. */
  onNotice: (message: string | null) => void;
}

const ID_SHAPE = /^[\w.:-]{1,200}$/;

export function AddChangeDialog({ contract, disabled, onAdd, onNotice }: AddChangeDialogProps) {
  const [open, setOpen] = useState(false);
  const [operation, setOperation] = useState<Operation>('update');
  const [resourceType, setResourceType] = useState<ResourceType>('lease');
  const [recordId, setRecordId] = useState('');
  const [busy, setBusy] = useState(false);
  const reader = useReadRecord();
  const [problem, setProblem] = useState<string | null>(null);

  const available = RESOURCE_TYPES.filter((t) =>
    operation === 'create'
      ? contract.resources[t].createFields.length > 0
      : contract.resources[t].updateFields.length > 0,
  );
  const type = available.includes(resourceType) ? resourceType : (available[0] ?? resourceType);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (operation === 'update' && !ID_SHAPE.test(recordId.trim())) {
      setProblem('Choose the record to change, or type its ID.');
      return;
    }
    setBusy(true);
    let change: DraftChangeInput & { id: string };
    if (operation === 'create') {
      change = { id: newChangeId(), operation: 'create', resourceType: type, fields: {} };
    } else {
      const id = recordId.trim();
      // The record as it is now becomes the "current" side of the form; offline it can't be read,
      // and the change is still drafted (checked again before submitting).
      const read = await reader
        .mutateAsync({ collection: RESOURCE_COLLECTION[type], id })
        .then((data) => ({ ok: true as const, record: data.record }))
        .catch((error: unknown) => ({ ok: false as const, error: asUiError(error) }));
      if (!read.ok && read.error.code === 'not_found') {
        setBusy(false);
        setProblem(`No ${type.replace(/_/g, ' ')} with ID ${id} can be read from the service.`);
        return;
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
    else {
      setRecordId('');
      setOpen(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(o) => (setOpen(o), setProblem(null))}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn" disabled={disabled}>
          <Plus size={14} aria-hidden /> Add change
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Add a change</Dialog.Title>
          <Dialog.Description className="muted">
            Suggest a new record, or a change to one that exists. Nothing is sent until you submit the draft.
          </Dialog.Description>
          <form className="form" onSubmit={(e) => void submit(e)}>
            <fieldset className="segmented">
              <legend className="visually-hidden">What to suggest</legend>
              <label>
                <input
                  type="radio"
                  name="operation"
                  checked={operation === 'update'}
                  onChange={() => setOperation('update')}
                />
                Change an existing record
              </label>
              <label>
                <input
                  type="radio"
                  name="operation"
                  checked={operation === 'create'}
                  onChange={() => setOperation('create')}
                />
                Suggest a new record
              </label>
            </fieldset>
            <label>
              Type of record
              <select
                className="input"
                value={type}
                onChange={(e) => {
                  setResourceType(e.target.value as ResourceType);
                  setRecordId('');
                }}
              >
                {available.map((t) => (
                  <option key={t} value={t}>
                    {resourceTitle(t)}
                  </option>
                ))}
              </select>
            </label>
            {operation === 'update' ? (
              <div className="record-choice">
                <span className="label">Record</span>
                <RecordPicker
                  id="add-change-record"
                  label={resourceTitle(type)}
                  target={RESOURCE_COLLECTION[type]}
                  value={recordId || undefined}
                  onChange={(v) => setRecordId(v ?? '')}
                />
                <label className="inline">
                  or its ID
                  <input
                    className="input mono"
                    value={recordId}
                    onChange={(e) => setRecordId(e.target.value)}
                    placeholder="e.g. lease_…"
                  />
                </label>
              </div>
            ) : null}
            {problem ? <Alert>{problem}</Alert> : null}
            <DialogActions cancel="Cancel">
              <button type="submit" className="btn primary" disabled={busy || available.length === 0}>
                {busy ? 'Adding…' : 'Add change'}
              </button>
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
