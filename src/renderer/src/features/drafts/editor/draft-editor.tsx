// The draft editor (#/drafts/<id>): the plan at the top, every change as a contract-generated form,
// problems where they belong, and the way to submit; edits are saved in main as they are typed,
// through the draft's one store (draft-store.ts).
import { Alert } from '../../../ui/alert';
import type { AlertTone } from '../../../ui/alert';
import { X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { DraftChangeInput, DraftDetail } from '../../../../../shared/drafts';
import { errorMessage } from '../../../lib/call';
import { formatRoute } from '../../../router/routes';
import { useContract } from '../../contract/use-contract-api';
import { useCurrency } from '../../connections/use-currency';
import { isEditable } from '../draft-phase';
import { requestFocus, settleFocusRequest } from '../focus-request';
import { summarisePlan } from './plan-summary';
import { mapProblems } from './problem-map';
import { DraftChanges } from './draft-changes';
import { DraftPartsNote } from './draft-parts-note';
import { MaybeSentNote } from './maybe-sent-note';
import { RefusedNote } from '../../connections/refused-note';
import { SubmissionPanel } from './submission-panel';
import type { SentNote } from './submission-panel';
import { DraftToolbar } from './draft-toolbar';
import { useOnline } from '../use-drafts-api';
import type { DraftStore } from './draft-store';
import { useDraftState, useDraftStore } from './use-draft-store';
import '../../../styles/drafts.css';
import '../../../styles/change-fields.css';
import '../../../styles/submission.css';
import { EmptyState } from '../../../ui/empty-state';

/** A message the user may put away. */
function Dismissable({
  tone = 'problem',
  text,
  onDismiss,
}: {
  tone?: AlertTone;
  text: string;
  onDismiss: () => void;
}) {
  return (
    <Alert tone={tone}>
      <span className="grow">{text}</span>
      <button type="button" className="btn icon" aria-label="Dismiss" onClick={onDismiss}>
        <X size={12} aria-hidden />
      </button>
    </Alert>
  );
}

function Plan({
  draft,
  contract,
}: {
  draft: DraftDetail;
  contract: ReturnType<typeof useContract>['contract'];
}) {
  const currency = useCurrency();
  const plan = useMemo(
    () => summarisePlan(draft.changes, currency, contract),
    [draft.changes, currency, contract],
  );
  return (
    <section className="plan" aria-label="Plan">
      <p className="plan-text">{plan.text}</p>
      {plan.withoutSnapshot > 0 ? (
        <p className="muted">
          {plan.withoutSnapshot === 1 ? 'One update has' : `${plan.withoutSnapshot} updates have`} no current
          values (drafted offline), so {plan.withoutSnapshot === 1 ? 'it is' : 'they are'} left out of the
          totals.
        </p>
      ) : null}
    </section>
  );
}

/**
 * Adding and removing changes: both go through the store's queue, after any edit still waiting, with
 * the revision it left. A new change takes the focus; a removal refused says why.
 */
function useChangeWrites(store: DraftStore) {
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function add(change: DraftChangeInput & { id: string }): Promise<string | null> {
    const result = await store.add(change);
    if (!result.ok) return result.error.message;
    requestFocus(change.id, Object.keys(change.fields)[0]);
    // The store took main's answer before this line: the change may be on screen already.
    settleFocusRequest();
    return null;
  }

  async function remove(changeId: string) {
    setRemoveError(null);
    const result = await store.remove(changeId);
    if (!result.ok) setRemoveError(`The change was not removed: ${result.error.message}`);
  }

  return { add, remove, removeError };
}

export function DraftEditor({ id, sentNote }: { id: string; sentNote: SentNote }) {
  const store = useDraftStore(id);
  const data = useDraftState(store, (s) => s.main);
  const read = useDraftState(store, (s) => s.read);
  const problem = useDraftState(store, (s) => s.problem);
  const { contract, error: contractError } = useContract();
  const online = useOnline();
  const [notice, setNotice] = useState<string | null>(null);
  const { add, remove, removeError } = useChangeWrites(store);

  // After "Add change" or "Suggest a change", the new change's own field (or first input) takes the focus.
  useEffect(() => {
    if (data && contract) settleFocusRequest();
  }, [data, contract]);

  const problemMaps = useMemo(() => {
    const ids = new Set(data?.changes.map((c) => c.id) ?? []);
    return {
      // A sent draft is a record of what was suggested; checks against it no longer mean anything.
      main: mapProblems(data?.state === 'submitted' ? [] : (data?.problems ?? []), ids),
      refusal: mapProblems(data?.rejection?.problems ?? [], ids),
    };
  }, [data]);

  if (read.status === 'pending') return <p className="page muted">Loading the draft…</p>;
  if (read.status === 'error' || !data) {
    return (
      <div className="page">
        <Alert>{errorMessage(read.error)}</Alert>
        <p>
          <a href={formatRoute({ view: 'drafts' })}>Back to all drafts</a>
        </p>
      </div>
    );
  }

  const editable = isEditable(data);
  const full = data.changeCount >= data.maxChanges;

  const batchProblems = [...new Set([...problemMaps.main.batch, ...problemMaps.refusal.batch])];

  return (
    <>
      <DraftToolbar
        draft={data}
        store={store}
        contract={contract}
        online={online}
        onAdd={add}
        onNotice={setNotice}
      />
      <div className="page draft-page">
        {problem ? <Dismissable text={problem} onDismiss={store.dismissProblem} /> : null}
        {notice ? <Dismissable tone="info" text={notice} onDismiss={() => setNotice(null)} /> : null}
        {removeError ? <Alert>{removeError}</Alert> : null}
        <SubmissionPanel draft={data} online={online} sentNote={sentNote} />
        <DraftPartsNote draft={data} />
        <MaybeSentNote draft={data} />
        {editable ? <RefusedNote types={[...new Set(data.changes.map((c) => c.resourceType))]} /> : null}
        <Plan draft={data} contract={contract} />
        {full && editable ? (
          <p className="note">
            This draft holds the most changes one batch may have ({data.maxChanges}). Start another draft for
            more.
          </p>
        ) : null}
        {batchProblems.length ? (
          <Alert label="Problems with the draft">
            <ul>
              {batchProblems.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {!contract ? (
          <Alert>
            {contractError
              ? `The service’s description of its fields could not be read, so changes can’t be edited: ${errorMessage(contractError)}`
              : 'Reading the service’s description of its fields…'}
          </Alert>
        ) : null}
        {data.changes.length === 0 ? (
          <EmptyState heading="No changes yet">
            Use <strong>Add change</strong> to suggest a new record or a change to an existing one, or open
            any record and choose <strong>Suggest a change</strong>. Every edit is saved on this computer as
            you type.
          </EmptyState>
        ) : null}
        {contract ? (
          <DraftChanges
            changes={data.changes}
            contract={contract}
            editable={editable}
            store={store}
            problems={problemMaps.main}
            refusal={problemMaps.refusal}
            onRemove={(changeId) => void remove(changeId)}
          />
        ) : null}
      </div>
    </>
  );
}
