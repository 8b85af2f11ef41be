// "Add change": choose what to suggest — a new record of some type, or a change to an existing one
// (picked from the service, then read so its current values are kept with the draft as a snapshot).
import { DialogActions } from '../../../ui/dialog-actions';
import { Alert } from '../../../ui/alert';
import { Dialog } from 'radix-ui';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CompiledContract } from '../../../../../shared/contract';
import { RESOURCE_COLLECTION, RESOURCE_TYPES, resourceTitle } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';
import { RecordPicker } from '../../collections/record-picker';
import { useAddChange } from './use-add-change';
import type { AddChangeOptions } from './use-add-change';

export interface AddChangeDialogProps extends AddChangeOptions {
  contract: CompiledContract;
  disabled: boolean;
}

/** The record to change: picked from the service, or its ID typed in. */
function RecordChoice({
  type,
  recordId,
  onChange,
}: {
  type: ResourceType;
  recordId: string;
  onChange: (recordId: string) => void;
}) {
  return (
    <div className="record-choice">
      <span className="label">Record</span>
      <RecordPicker
        id="add-change-record"
        label={resourceTitle(type)}
        target={RESOURCE_COLLECTION[type]}
        value={recordId || undefined}
        onChange={(v) => onChange(v ?? '')}
      />
      <label className="inline">
        or its ID
        <input
          className="input mono"
          value={recordId}
          onChange={(e) => onChange(e.target.value)}
          placeholder="e.g. lease_…"
        />
      </label>
    </div>
  );
}

export function AddChangeDialog({ contract, disabled, onAdd, onNotice }: AddChangeDialogProps) {
  const [open, setOpen] = useState(false);
  const [operation, setOperation] = useState<Operation>('update');
  const [resourceType, setResourceType] = useState<ResourceType>('lease');
  const [recordId, setRecordId] = useState('');
  const { busy, problem, clearProblem, add } = useAddChange({ onAdd, onNotice });

  const available = RESOURCE_TYPES.filter((t) =>
    operation === 'create'
      ? contract.resources[t].createFields.length > 0
      : contract.resources[t].updateFields.length > 0,
  );
  const type = available.includes(resourceType) ? resourceType : (available[0] ?? resourceType);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await add(operation, type, recordId)) {
      setRecordId('');
      setOpen(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(o) => (setOpen(o), clearProblem())}>
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
              <RecordChoice type={type} recordId={recordId} onChange={setRecordId} />
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
