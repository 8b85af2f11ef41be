// "Review and submit…": saves pending edits, re-checks the draft in main (contract, batch rules,
// records changed since drafting), lists exactly what will be suggested and says plainly that
// nothing changes until a person approves it; only then is the draft handed to the outbox.
import { DialogActions } from '../../../ui/dialog-actions';
import { Alert } from '../../../ui/alert';
import { Dialog } from 'radix-ui';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CompiledContract } from '../../../../../shared/contract';
import type { DraftDetail } from '../../../../../shared/drafts';
import { errorMessage, UiError } from '../../../lib/call';
import { useLabels } from '../../../labels/use-labels-api';
import { changeTargets } from './change-summary';
import { PreflightReport } from './preflight-report';
import { usePreflight, useSubmitDraft } from '../use-drafts-api';
import { useModEnter } from '../../shortcuts/use-mod-enter';
import { returnFocus } from '../../../focus/focus-target';
import type { FocusFinder } from '../../../focus/focus-target';
import type { DraftStore } from './draft-store';

export interface SubmitDialogProps {
  draft: DraftDetail;
  contract: CompiledContract | undefined;
  online: boolean | undefined;
  disabled: boolean;
  /** Writes edits still waiting for their debounce, so the check sees what the user sees. */
  flush: () => Promise<boolean>;
  /** Runs the submission in the editor's write queue, after anything still being saved. */
  run: DraftStore['run'];
}

/** Where the draft says how its submission stands, once it is sent off. */
const submissionHeading: FocusFinder = () =>
  document.querySelector<HTMLElement>('main section[aria-label="Submission"] h2');

/** True while another dialog is open: Ctrl-Enter belongs to that one. */
const otherDialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

export function SubmitDialog({ draft, contract, online, disabled, flush, run }: SubmitDialogProps) {
  const [open, setOpen] = useState(false);
  const preflight = usePreflight(draft.id, flush);
  // After sending, the button that opened the dialog is disabled (the draft is frozen): the focus goes
  // to the message that says where the submission stands.
  const submitted = useRef(false);
  const submit = useSubmitDraft(draft.id, run, () => {
    submitted.current = true;
    setOpen(false);
  });
  const pf = preflight.data;
  // The changed records by name, in one call for the dialog, asked for while the check runs.
  const labels = useLabels(changeTargets(pf?.draft.changes ?? draft.changes));
  const problems = pf?.draft.problems ?? [];
  const changed = submit.error instanceof UiError && submit.error.code === 'draft_changed';
  // What this submission sends: a draft sent in parts keeps its later changes for a later part.
  const count = pf ? pf.draft.changes.length - (pf.draft.later?.length ?? 0) : 0;
  const canSubmit = !!pf && problems.length === 0 && count > 0 && !submit.isPending && !changed;
  const openChange = (o: boolean) => {
    setOpen(o);
    if (o) {
      submit.reset();
      preflight.mutate();
    }
  };
  useModEnter(
    () => (open ? pf && submit.mutate(pf.draft.revision) : openChange(true)),
    () => (open ? canSubmit : !disabled && !otherDialogOpen()),
  );

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn primary" disabled={disabled}>
          <Send size={14} aria-hidden /> Review and submit…
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog wide"
          aria-describedby="submit-explainer"
          onCloseAutoFocus={(e) => {
            if (submitted.current) returnFocus(e, null, submissionHeading);
            submitted.current = false;
          }}
        >
          <Dialog.Title>Submit “{draft.label}” as suggestions?</Dialog.Title>
          <p id="submit-explainer" className="explainer">
            PropDesk sends these changes to the service as <strong>suggestions</strong>. Nothing changes until
            a person at your organisation approves them in the service’s web application (API &amp;
            Automation); they may also dismiss them, or let them expire.
          </p>
          {preflight.isPending ? (
            <p className="muted" role="status">
              Checking the draft and re-reading the records it changes…
            </p>
          ) : null}
          {preflight.isError ? (
            <Alert>The draft could not be checked: {errorMessage(preflight.error)}</Alert>
          ) : null}
          {pf ? <PreflightReport preflight={pf} contract={contract} labels={labels} online={online} /> : null}
          {submit.isError ? (
            <Alert>
              {changed
                ? 'The draft changed while you were reviewing it. Check it again before submitting.'
                : errorMessage(submit.error)}
            </Alert>
          ) : null}
          <DialogActions cancel="Keep editing">
            {changed ? (
              <button type="button" className="btn" onClick={() => (submit.reset(), preflight.mutate())}>
                Check again
              </button>
            ) : null}
            <button
              type="button"
              className="btn primary"
              disabled={!canSubmit}
              aria-keyshortcuts="Control+Enter Meta+Enter"
              onClick={() => pf && submit.mutate(pf.draft.revision)}
            >
              {submit.isPending
                ? 'Submitting…'
                : !pf
                  ? 'Checking…'
                  : `Submit ${count.toLocaleString()} suggestion${count === 1 ? '' : 's'}${pf?.stale.length ? ' anyway' : ''}`}
            </button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
