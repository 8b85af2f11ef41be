// One change of a draft as a form generated from the contract: every field the service accepts for
// this resource type and operation, the right control per type, current → new for updates, and
// problems next to the field they are about. What it shows comes from the draft store (main's copy and
// what the user typed over it), and every edit goes to the store at once.
import { FilePlus2, PencilLine, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { ResourceContract } from '../../../../../shared/contract';
import type { DraftChange } from '../../../../../shared/drafts';
import { resourceNoun } from '../../../../../shared/service';
import type { ServiceRecord } from '../../../../../shared/service';
import { useCurrency } from '../../connections/use-currency';
import { endedLeaseWarning } from '../ended-lease';
import { changeTitle } from './change-summary';
import type { DraftStore } from './draft-store';
import { FieldRow } from './field-row';
import { draftedRecordsFor } from './drafted-records';
import { NewerInCopyNote } from './newer-in-copy-note';
import { narrowingFor } from './picker-narrowing';
import { fieldNote } from './card-problems';
import { initialRaws } from './field-values';
import type { ChangeProblems } from './problem-map';
import { useChangeForm } from './use-change-form';
import { UnreadRecordNote } from './unread-record-note';
import { useDraftState } from './use-draft-store';

export interface ChangeCardProps {
  change: DraftChange;
  index: number;
  resource: ResourceContract;
  editable: boolean;
  problems: ChangeProblems;
  /** The service's reasons from a refused submission. */
  refusal: ChangeProblems;
  store: DraftStore;
  onRemove: () => void;
  /** False where something else on the page is the change's anchor (its row in the one-field table). */
  anchored?: boolean;
}

/** What to know of the change before submitting: its record unread, ended, or changed since drafting. */
function ChangeNotes({
  change,
  descriptors,
}: {
  change: DraftChange;
  descriptors: ResourceContract['createFields'];
}) {
  // A change to a lease that has ended affects no one now renting.
  const ended =
    change.operation === 'update' && change.resourceType === 'lease'
      ? endedLeaseWarning(change.snapshot as ServiceRecord | null, new Date())
      : undefined;
  return (
    <>
      {change.operation === 'update' && !change.snapshot ? <UnreadRecordNote /> : null}
      {ended ? <p className="note">{ended}</p> : null}
      <NewerInCopyNote change={change} descriptors={descriptors} />
    </>
  );
}

/** The card's heading: what kind of change, its number and title, the record's ID, and its removal. */
function ChangeHead({
  change,
  index,
  title,
  titleId,
  onRemove,
}: {
  change: DraftChange;
  index: number;
  title: string;
  titleId: string;
  /** Absent when the draft can't be edited. */
  onRemove: (() => void) | undefined;
}) {
  const Icon = change.operation === 'create' ? FilePlus2 : PencilLine;
  return (
    <header className="change-head">
      <Icon size={15} aria-hidden className="muted" />
      <h3 id={titleId}>
        <span className="muted">{index + 1}.</span> {title}
      </h3>
      <span className={`badge op-${change.operation}`}>
        {change.operation === 'create' ? 'New record' : 'Change'}
      </span>
      {change.resourceId ? <span className="muted mono">{change.resourceId}</span> : null}
      <span className="spacer" />
      {onRemove ? (
        <button
          type="button"
          className="btn icon"
          aria-label={`Remove change ${index + 1}: ${title}`}
          onClick={onRemove}
        >
          <Trash2 size={13} aria-hidden />
        </button>
      ) : null}
    </header>
  );
}

/**
 * For each reference field of the change, the records earlier changes of the draft create, to offer
 * in its picker; choosing one links the field to that change (in the editor's write queue).
 */
function useDraftedOffers(store: DraftStore, changeId: string, index: number, editable: boolean) {
  const changes = useDraftState(store, (s) => s.main?.changes);
  return (field: string) => {
    const records = editable ? draftedRecordsFor(field, changes ?? [], index) : [];
    return records.length
      ? { records, onLink: (source: string) => void store.link(changeId, field, source) }
      : undefined;
  };
}

export function ChangeCard({
  change,
  index,
  resource,
  editable,
  problems,
  refusal,
  store,
  onRemove,
  anchored = true,
}: ChangeCardProps) {
  const baseId = useId();
  const { ctx, descriptors, raws, built, checks, general, links, strangers, labels, edit } = useChangeForm(
    change,
    resource,
    store,
    problems,
    refusal,
  );
  const currency = useCurrency();
  const title = changeTitle(change, labels);
  const linkOf = (field: string) => {
    const link = links.get(field);
    return link ? { link, draftId: store.draftId, changeId: change.id } : undefined;
  };
  const titleId = `${baseId}-heading`;
  const draftedFor = useDraftedOffers(store, change.id, index, editable);

  return (
    <section
      className="change-card"
      aria-labelledby={titleId}
      id={anchored ? `change-${change.id}` : undefined}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) store.visit(change.id);
      }}
    >
      <ChangeHead
        change={change}
        index={index}
        title={title}
        titleId={titleId}
        onRemove={editable ? onRemove : undefined}
      />
      <ChangeNotes change={change} descriptors={descriptors} />
      {general.length ? (
        <ul className="change-problems" aria-label={`Problems with change ${index + 1}`}>
          {general.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <div className={`field-table ${change.operation}`}>
        {change.operation === 'update' ? (
          <div className="field-row head" aria-hidden>
            <span>Field</span>
            <span>Current</span>
            <span />
            <span>Suggested</span>
            <span />
          </div>
        ) : null}
        {descriptors.map((d) => {
          const value = built.fields[d.name];
          const { message, hint } = fieldNote(d, checks);
          return (
            <FieldRow
              key={d.name}
              d={d}
              baseId={baseId}
              ctx={ctx}
              raw={raws[d.name] ?? (d.type === 'boolean' ? null : '')}
              current={change.snapshot?.[d.name]}
              changed={change.operation === 'update' && value !== undefined}
              message={message}
              hint={hint}
              editable={editable}
              labels={labels}
              currency={currency}
              onChange={(v) => edit(d.name, v)}
              onUndo={() => edit(d.name, initialRaws([d], {}, ctx)[d.name] ?? '')}
              linked={linkOf(d.name)}
              narrowing={narrowingFor(d.name, built.fields)}
              drafted={draftedFor(d.name)}
            />
          );
        })}
      </div>
      {strangers.length ? (
        <p className="field-error">
          Not fields the service accepts for a {change.operation === 'create' ? 'new' : 'changed'}{' '}
          {resourceNoun(change.resourceType)}: {strangers.join(', ')}. Edit any field to drop them.
        </p>
      ) : null}
    </section>
  );
}
