// "Import CSV" in the draft editor: pick a file, say what its rows are (new records or changes to
// existing ones, of which type), match columns to the contract's fields, see every row's problems,
// and only then add the valid rows to the draft. Nothing is added until the user confirms.
import { DialogActions } from '../../../ui/dialog-actions';
import { Alert } from '../../../ui/alert';
import { plural } from '../../../../../shared/plural';
import { Dialog } from 'radix-ui';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import type { CompiledContract } from '../../../../../shared/contract';
import { MAX_CHANGES_PER_BATCH } from '../../../../../shared/service';
import { useContract } from '../../contract/use-contract-api';
import { ChangeKindChoice } from '../editor/change-kind-choice';
import { ImportCheckStep, ImportColumnsStep, ImportFileStep } from './import-steps';
import { useImportPlan } from './use-import-plan';
import { useDraft } from '../use-drafts-api';
import { ImportDone } from './import-done';
import { useImportRun } from './use-import-run';
import type { ImportPhase } from './use-import-run';
import { useCsvFile } from './use-csv-file';
import '../../../styles/rent-review.css';
import '../../../styles/import.css';

function ImportBody({
  draftId,
  contract,
  onClose,
}: {
  draftId: string;
  contract: CompiledContract;
  onClose: () => void;
}) {
  const draft = useDraft(draftId);
  const { phase, failure, lateProblems, run, stop, reset } = useImportRun(draftId);
  const file = useCsvFile();
  const csv = file.csv;
  const { kind, wanted, fields, mapping, blockers, plan, chooseKind, chooseMapping, matchAfresh } =
    useImportPlan(contract, csv);
  const inDraft = draft.data?.changeCount ?? 0;
  const room = Math.max(0, MAX_CHANGES_PER_BATCH - inDraft);
  const tooMany = plan !== null && plan.valid.length > room;
  const busy = phase.kind === 'reading' || phase.kind === 'adding';

  // A new file starts the columns and the run afresh.
  const pick = (picked: File | undefined) => {
    reset();
    matchAfresh();
    void file.read(picked);
  };
  const confirm = () => {
    if (plan) void run(plan.valid, kind.operation, kind.type, inDraft);
  };

  if (phase.kind === 'done') return <ImportDone {...phase} onClose={onClose} />;

  return (
    <div className="import-step">
      <ImportFileStep
        fileName={file.fileName}
        csv={csv}
        problem={file.problem}
        disabled={busy}
        onPick={pick}
      />
      <div className="import-row">
        <ChangeKindChoice
          contract={contract}
          value={wanted}
          of="rows"
          disabled={busy}
          onChange={chooseKind}
        />
      </div>
      {csv ? (
        <ImportColumnsStep
          csv={csv}
          type={kind.type}
          operation={kind.operation}
          fields={fields}
          mapping={mapping}
          blockers={blockers}
          disabled={busy}
          onMapping={chooseMapping}
        />
      ) : null}

      {plan ? (
        <ImportCheckStep
          plan={plan}
          lateProblems={lateProblems}
          inDraft={inDraft}
          room={room}
          tooMany={tooMany}
        />
      ) : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <ImportFoot
        phase={phase}
        adds={plan?.valid.length ?? 0}
        canAdd={Boolean(plan) && !tooMany && !busy}
        onStop={stop}
        onAdd={confirm}
      />
    </div>
  );
}

/**
 * The dialog's foot: how the reading of the current records goes, the promise that nothing is sent,
 * and the way out (Stop while reading) beside "Add N changes to the draft".
 */
function ImportFoot({
  phase,
  adds,
  canAdd,
  onStop,
  onAdd,
}: {
  phase: ImportPhase;
  /** The changes "Add" would add. */
  adds: number;
  /** False while they can't be added: too many for the draft, or a run under way. */
  canAdd: boolean;
  onStop: () => void;
  onAdd: () => void;
}) {
  const busy = phase.kind === 'reading' || phase.kind === 'adding';
  return (
    <>
      {phase.kind === 'reading' ? (
        <p className="rr-progress" role="status">
          <span className="spinner" aria-hidden /> Reading the current {plural(phase.total, 'record')}…
        </p>
      ) : null}
      <p className="muted">
        Rows become changes in this draft only when you add them; nothing is sent to the service until you
        submit the draft.
      </p>
      <DialogActions>
        {phase.kind === 'reading' ? (
          <button type="button" className="btn" onClick={onStop}>
            Stop
          </button>
        ) : (
          <Dialog.Close asChild>
            <button type="button" className="btn" disabled={busy}>
              Cancel
            </button>
          </Dialog.Close>
        )}
        <button type="button" className="btn primary" disabled={!canAdd || adds === 0} onClick={onAdd}>
          {phase.kind === 'adding'
            ? 'Adding…'
            : adds
              ? `Add ${plural(adds, 'change')} to the draft`
              : 'Add to the draft'}
        </button>
      </DialogActions>
    </>
  );
}

function ImportContent({ draftId, onClose }: { draftId: string; onClose: () => void }) {
  const { contract, error } = useContract();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="overlay" />
      <Dialog.Content className="dialog import-dialog">
        <Dialog.Title>Import changes from CSV</Dialog.Title>
        <Dialog.Description className="muted">
          Each row of the file becomes one change in this draft, checked against the service’s fields first.
        </Dialog.Description>
        {contract ? (
          <ImportBody draftId={draftId} contract={contract} onClose={onClose} />
        ) : (
          <p className={error ? 'alert' : 'muted'} role={error ? 'alert' : 'status'}>
            {error
              ? 'The service’s description of its fields could not be read, so rows can’t be checked.'
              : 'Reading the service’s description of its fields…'}
          </p>
        )}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** The dialog alone, for a caller that keeps its own trigger and open state. */
export function ImportCsvDialog({
  draftId,
  open,
  onOpenChange,
}: {
  draftId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open ? <ImportContent draftId={draftId} onClose={() => onOpenChange(false)} /> : null}
    </Dialog.Root>
  );
}

/** "Import CSV" for the draft editor's toolbar: the button and its dialog. */
export function ImportCsvButton({ draftId, disabled }: { draftId: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn" disabled={disabled}>
          <FileUp size={14} aria-hidden /> Import CSV
        </button>
      </Dialog.Trigger>
      {open ? <ImportContent draftId={draftId} onClose={() => setOpen(false)} /> : null}
    </Dialog.Root>
  );
}
