// The one "are you sure?" of the app, for an action that deletes or forgets something: says what
// will happen before it happens, offers a way to keep things as they are, and only then acts.
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { DialogActions } from './dialog-actions';

export function ConfirmDialog({
  trigger,
  title,
  description,
  keepLabel = 'Keep it',
  confirmLabel,
  onConfirm,
}: {
  /** The button that opens it. */
  trigger: ReactNode;
  title: ReactNode;
  /** What the action does, and what it leaves alone. */
  description: ReactNode;
  keepLabel?: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          <DialogActions>
            <AlertDialog.Cancel asChild>
              <button type="button" className="btn">
                {keepLabel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="btn danger" onClick={onConfirm}>
                {confirmLabel}
              </button>
            </AlertDialog.Action>
          </DialogActions>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
