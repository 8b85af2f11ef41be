// The draft editor's toolbar: the way back to all drafts, the draft's name, its part of a review and
// its phase, how many changes it holds, whether the edits are saved on this computer, and the ways to
// add changes (one, or from a CSV file) and to submit.
import { ArrowLeft, Check, Loader } from 'lucide-react';
import type { CompiledContract } from '../../../../../shared/contract';
import type { DraftDetail } from '../../../../../shared/drafts';
import { formatRoute } from '../../../router/routes';
import { ImportCsvButton } from '../import/import-csv-dialog';
import { draftPhase, isEditable, PHASE_LABELS } from '../draft-phase';
import { AddChangeDialog } from './add-change-dialog';
import type { AddChangeDialogProps } from './add-change-dialog';
import type { DraftStore, SaveStatus } from './draft-store';
import { SubmitDialog } from './submit-dialog';
import { useDraftState } from './use-draft-store';

function SaveState({ status }: { status: SaveStatus }) {
  if (status === 'idle') return null;
  return (
    <span className="save-state muted" role="status">
      {status === 'saving' ? (
        <>
          <Loader size={12} aria-hidden /> Saving…
        </>
      ) : status === 'saved' ? (
        <>
          <Check size={12} aria-hidden /> Saved on this computer
        </>
      ) : (
        'Not saved'
      )}
    </span>
  );
}

export interface DraftToolbarProps {
  draft: DraftDetail;
  store: DraftStore;
  contract: CompiledContract | undefined;
  online: boolean | undefined;
  onAdd: AddChangeDialogProps['onAdd'];
  onNotice: AddChangeDialogProps['onNotice'];
}

export function DraftToolbar({ draft, store, contract, online, onAdd, onNotice }: DraftToolbarProps) {
  const status = useDraftState(store, (s) => s.status);
  const editable = isEditable(draft);
  const phase = draftPhase(draft);
  const full = draft.changeCount >= draft.maxChanges;
  return (
    <header className="toolbar draft-toolbar">
      <a className="btn icon" href={formatRoute({ view: 'drafts' })} aria-label="All drafts">
        <ArrowLeft size={14} aria-hidden />
      </a>
      <h1>{draft.label}</h1>
      {draft.reviewGroup ? (
        <span className="badge">
          part {draft.reviewGroup.part} of {draft.reviewGroup.parts}
        </span>
      ) : null}
      <span className={`badge phase-${phase}`}>{PHASE_LABELS[phase]}</span>
      <span className="muted num">
        {draft.changeCount.toLocaleString()} of {draft.maxChanges} changes
      </span>
      <SaveState status={status} />
      <span className="spacer" />
      {contract ? (
        <AddChangeDialog contract={contract} disabled={!editable || full} onAdd={onAdd} onNotice={onNotice} />
      ) : null}
      <ImportCsvButton draftId={draft.id} disabled={!editable || full} />
      <SubmitDialog
        draft={draft}
        contract={contract}
        online={online}
        disabled={!editable || draft.changeCount === 0}
        flush={store.flush}
        run={store.run}
      />
    </header>
  );
}
