// "Add change": choose what to suggest — a new record of some type, or a change to an existing one
// (picked from the service, then read so its current values are kept with the draft as a snapshot).
import { DialogActions } from '../../../ui/dialog-actions';
import { Alert } from '../../../ui/alert';
import { Dialog } from 'radix-ui';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { CompiledContract } from '../../../../../shared/contract';
import { RESOURCE_COLLECTION, resourceTitle } from '../../../../../shared/service';
import type { ResourceType } from '../../../../../shared/service';
import { RecordPicker } from '../../collections/record-picker';
import { FIRST_KIND, typesWithFields, usableKind } from './change-kind';
import type { ChangeKind } from './change-kind';
import { ChangeKindChoice } from './change-kind-choice';
import { focusChange } from '../focus-request';
import { useAddChange } from './use-add-change';
import type { AddChangeOptions } from './use-add-change';
import { TextField } from '../../../ui/text-field';

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
      <TextField
        className="inline"
        label="or its ID"
        mono
        value={recordId}
        onChange={onChange}
        placeholder="e.g. lease_…"
      />
    </div>
  );
}

export function AddChangeDialog({ contract, disabled, onAdd, onNotice }: AddChangeDialogProps) {
  const [open, setOpen] = useState(false);
  /** The change this dialog added, focused once the dialog has closed. */
  const added = useRef<string | null>(null);
  const [wanted, setWanted] = useState<ChangeKind>(FIRST_KIND);
  const [recordId, setRecordId] = useState('');
  const { busy, problem, clearProblem, add } = useAddChange({ onAdd, onNotice });
  const { operation, type } = usableKind(contract, wanted);
  const none = typesWithFields(contract, operation).length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changeId = await add(operation, type, recordId);
    if (changeId) {
      added.current = changeId;
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
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(e) => {
            // The change just added keeps the focus it was given, rather than the button that opened
            // the dialog taking it back as the dialog closes.
            const changeId = added.current;
            added.current = null;
            if (changeId && focusChange(changeId)) e.preventDefault();
          }}
        >
          <Dialog.Title>Add a change</Dialog.Title>
          <Dialog.Description className="muted">
            Suggest a new record, or a change to one that exists. Nothing is sent until you submit the draft.
          </Dialog.Description>
          <form className="form" onSubmit={(e) => void submit(e)}>
            <ChangeKindChoice
              contract={contract}
              value={wanted}
              of="change"
              onChange={(next) => {
                if (next.type !== wanted.type) setRecordId('');
                setWanted(next);
              }}
            />
            {operation === 'update' ? (
              <RecordChoice type={type} recordId={recordId} onChange={setRecordId} />
            ) : null}
            {problem ? <Alert>{problem}</Alert> : null}
            <DialogActions cancel="Cancel">
              <button type="submit" className="btn primary" disabled={busy || none}>
                {busy ? 'Adding…' : 'Add change'}
              </button>
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
