// The row of buttons at the foot of a dialog or form: a way out first, the action last. With
// `cancel`, the way out is a button that closes the dialog it stands in.
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export function DialogActions({ cancel, children }: { cancel?: string; children: ReactNode }) {
  return (
    <div className="form-actions">
      {cancel ? (
        <Dialog.Close asChild>
          <button type="button" className="btn">
            {cancel}
          </button>
        </Dialog.Close>
      ) : null}
      {children}
    </div>
  );
}
