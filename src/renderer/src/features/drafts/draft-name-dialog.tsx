// A small dialog asking for a draft's name: used to create a draft and to rename one.
import { DialogActions } from '../../ui/dialog-actions';
import { Alert } from '../../ui/alert';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { TextField } from '../../ui/text-field';

export function DraftNameDialog({
  title,
  trigger,
  initial,
  action,
  onSave,
}: {
  title: string;
  trigger: ReactNode;
  initial: string;
  action: string;
  /** Resolves to an error message, or null when done. */
  onSave: (label: string) => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!label.trim()) {
      setProblem('Give the draft a name.');
      return;
    }
    setBusy(true);
    const error = await onSave(label.trim());
    setBusy(false);
    if (error) setProblem(error);
    else setOpen(false);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setLabel(initial);
          setProblem(null);
        }
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          <form className="form" onSubmit={(e) => void submit(e)}>
            <TextField
              label="Name"
              value={label}
              maxLength={200}
              onChange={setLabel}
              placeholder="e.g. Rent review 2026"
              invalid={Boolean(problem)}
            />
            {problem ? <Alert>{problem}</Alert> : null}
            <DialogActions cancel="Cancel">
              <button type="submit" className="btn primary" disabled={busy}>
                {action}
              </button>
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
