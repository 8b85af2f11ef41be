// The drafts list (#/drafts): every draft with its size, last edit, check result and where its
// submission stands; create, rename, delete and open; a way into the bulk rent review.
import { Alert } from '../../ui/alert';
import { plural } from '../../../../shared/plural';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FilePen, Pencil, Plus, TrendingUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { DraftSummary } from '../../../../shared/drafts';
import { errorMessage, problemOf } from '../../lib/call';
import { navigate } from '../../router/use-route';
import { formatRoute } from '../../router/routes';
import { DraftNameDialog } from './draft-name-dialog';
import { draftPhase, PHASE_LABELS } from './draft-phase';
import { exactTime, relativeTime } from '../../lib/time-words';
import { useCreateDraft, useDraftList, useRemoveDraft, useRenameDraft } from './use-drafts-api';
import '../../styles/drafts.css';
import { EmptyState } from '../../ui/empty-state';

function CheckBadge({ draft }: { draft: DraftSummary }) {
  // Once submitted, the draft was checked when it was frozen; what matters is its state.
  if (draft.state !== 'editing') return <span className="muted">—</span>;
  if (draft.valid === null) return <span className="badge">Not checked</span>;
  if (draft.valid) return <span className="badge check-ok">Ready</span>;
  return (
    <span className="badge check-bad">
      {draft.problemCount.toLocaleString()} problem{draft.problemCount === 1 ? '' : 's'}
    </span>
  );
}

function DraftRow({ draft, onError }: { draft: DraftSummary; onError: (message: string | null) => void }) {
  const removing = useRemoveDraft();
  const renaming = useRenameDraft();
  const phase = draftPhase(draft);
  const href = formatRoute({ view: 'draft', id: draft.id });
  const remove = () =>
    removing.mutate(draft.id, {
      onSuccess: () => onError(null),
      onError: (error) => onError(`“${draft.label}” was not deleted: ${errorMessage(error)}`),
    });
  return (
    <tr>
      <td>
        {/* A flex box inside the cell: a flex cell would stop being a table cell and break the row. */}
        <div className="draft-name">
          <a href={href}>{draft.label}</a>
          {draft.reviewGroup ? (
            <span className="badge">
              part {draft.reviewGroup.part} of {draft.reviewGroup.parts}
            </span>
          ) : null}
        </div>
      </td>
      <td className="num">
        {draft.changeCount.toLocaleString()} of {draft.maxChanges}
      </td>
      <td title={exactTime(draft.updatedAt)}>{relativeTime(draft.updatedAt)}</td>
      <td>
        <CheckBadge draft={draft} />
      </td>
      <td>
        <span className={`badge phase-${phase}`}>{PHASE_LABELS[phase]}</span>
      </td>
      <td className="row-actions">
        <DraftNameDialog
          title={`Rename “${draft.label}”`}
          initial={draft.label}
          action="Rename"
          trigger={
            <button type="button" className="btn icon" aria-label={`Rename ${draft.label}`}>
              <Pencil size={13} aria-hidden />
            </button>
          }
          onSave={(label) => problemOf(renaming.mutateAsync({ id: draft.id, label }))}
        />
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className="btn icon"
              aria-label={`Delete ${draft.label}`}
              disabled={draft.state === 'submitting'}
              title={
                draft.state === 'submitting'
                  ? 'A draft can’t be deleted while it is being submitted'
                  : undefined
              }
            >
              <Trash2 size={13} aria-hidden />
            </button>
          }
          title={`Delete “${draft.label}”?`}
          description={
            draft.state === 'submitted'
              ? 'The draft is removed from this computer. Its suggestions stay with the service and are still followed in Suggestions.'
              : `Its ${plural(draft.changeCount, 'change')} are deleted from this computer. Nothing was sent to the service.`
          }
          confirmLabel="Delete draft"
          onConfirm={remove}
        />
      </td>
    </tr>
  );
}

export function DraftsView() {
  const creating = useCreateDraft();
  const drafts = useDraftList();
  const [problem, setProblem] = useState<string | null>(null);
  const rows = drafts.data?.drafts ?? [];

  const newDraft = (
    <DraftNameDialog
      title="New draft"
      initial=""
      action="Create draft"
      trigger={
        <button type="button" className="btn primary">
          <Plus size={14} aria-hidden /> New draft
        </button>
      }
      onSave={(label) =>
        problemOf(
          creating.mutateAsync({ label }).then((created) => navigate({ view: 'draft', id: created.id })),
        )
      }
    />
  );

  return (
    <>
      <header className="toolbar">
        <h1>Drafts</h1>
        <span className="muted">
          Batches of suggested changes, kept on this computer until you submit them.
        </span>
        <span className="spacer" />
        <a className="btn" href={formatRoute({ view: 'rent-review' })}>
          <TrendingUp size={14} aria-hidden /> Bulk rent review
        </a>
        {newDraft}
      </header>
      <div className="page">
        {drafts.isError ? <Alert>{errorMessage(drafts.error)}</Alert> : null}
        {problem ? <Alert>{problem}</Alert> : null}
        {drafts.isSuccess && rows.length === 0 ? (
          <EmptyState heading="No drafts yet" icon={<FilePen size={28} aria-hidden />}>
            A draft collects changes you want to suggest: new records, or new values for existing ones. Create
            a draft and add changes, open any record and choose <strong>Suggest a change</strong>, or start a{' '}
            <a href={formatRoute({ view: 'rent-review' })}>bulk rent review</a>. Nothing changes at the
            service until a person there approves your suggestions.
          </EmptyState>
        ) : null}
        {rows.length > 0 ? (
          <table className="grid drafts-table" aria-label="Drafts">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="num">
                  Changes
                </th>
                <th scope="col">Last edit</th>
                <th scope="col">Check</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <DraftRow key={d.id} draft={d} onError={setProblem} />
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </>
  );
}
