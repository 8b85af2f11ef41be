// One change of a one-field draft as a table row: the record, its unit and tenant, the current value
// and the new one, edited in place and handed to the draft store like a card's edit; problems under
// the input; Enter moves to the next row's input (Shift+Enter to the previous); the full card opens
// under the row.
import { ArrowRight, ChevronDown, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { FieldDescriptor, ResourceContract } from '../../../../../shared/contract';
import type { DraftChange } from '../../../../../shared/drafts';
import type { LabelView } from '../../../labels/label-view';
import { RefName } from '../../../labels/ref-name';
import { formatFieldValue } from '../editor/change-summary';
import { contextOf } from '../editor/change-edits';
import type { DraftStore } from '../editor/draft-store';
import { FieldControl } from '../editor/field-control';
import { FieldNote, KeepCurrentButton } from '../editor/field-parts';
import { buildFields, initialRaws, validateFields } from '../editor/field-values';
import type { RawValue } from '../editor/field-values';
import type { ChangeProblems } from '../editor/problem-map';
import { useDraftState } from '../editor/use-draft-store';
import { NEWER_IN_COPY } from '../editor/newer-in-copy-note';

export interface OneFieldRowProps {
  change: DraftChange;
  index: number;
  d: FieldDescriptor;
  resource: ResourceContract;
  title: string;
  target: LabelView | null;
  unit: LabelView | null | undefined;
  tenant: LabelView | null | undefined;
  currency: string;
  editable: boolean;
  problems: ChangeProblems;
  refusal: ChangeProblems;
  store: DraftStore;
  open: boolean;
  onToggleCard: () => void;
  /** Moves the focus to another row's input: +1 the next, -1 the previous. */
  onMove: (index: number, by: 1 | -1) => void;
}

const Ref = ({ view }: { view: LabelView | null | undefined }) =>
  view === undefined ? null : <td className="ref">{view ? <RefName view={view} /> : '—'}</td>;

export function OneFieldRow(p: OneFieldRowProps) {
  const { change, d, store } = p;
  const ctx = contextOf(change);
  const own = useDraftState(store, (s) => s.edits[change.id]);
  // What the user typed here (or in the card below), else main's value.
  const raw = own?.raws[d.name] ?? initialRaws([d], change.fields, ctx)[d.name] ?? '';
  const touched = own?.typed.has(d.name) ?? false;
  const busy = (own?.pending ?? 0) > 0;

  const built = buildFields([d], { [d.name]: raw }, ctx);
  const verdict = validateFields(p.resource, 'update', built.fields);
  const changed = built.fields[d.name] !== undefined;

  const edit = (value: RawValue) => store.type(change, p.resource.updateFields, d.name, value);

  const message =
    built.inputErrors[d.name] ??
    verdict.byField[d.name] ??
    p.refusal.byField[d.name]?.[0] ??
    (busy ? undefined : p.problems.byField[d.name]?.[0]);
  // "Change at least one field" only once the user has been at the row, not on a fresh draft.
  const general = [
    ...new Set([
      ...(touched ? verdict.general : []),
      ...(touched && !busy ? p.problems.general : []),
      ...p.refusal.general,
    ]),
  ];
  const notes = [...(message ? [message] : []), ...general];
  const inputId = `one-field-${change.id}`;
  const noteId = `${inputId}-note`;

  function onKeyDown(event: KeyboardEvent<HTMLTableCellElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    p.onMove(p.index, event.shiftKey ? -1 : 1);
  }

  return (
    <tr
      id={`change-${change.id}`}
      data-row={p.index}
      className={`${changed ? 'changed' : ''}${notes.length ? ' has-error' : ''}`}
    >
      <td className="num muted">{p.index + 1}</td>
      <td className="ref">{p.target ? <RefName view={p.target} /> : p.title}</td>
      <Ref view={p.unit} />
      <Ref view={p.tenant} />
      <td className="num current">
        {change.snapshot ? formatFieldValue(change.snapshot[d.name], d, p.currency) : 'not read'}
      </td>
      <td aria-hidden className="arrow">
        <ArrowRight size={13} />
      </td>
      <td className="new" data-field={d.name} onKeyDown={onKeyDown}>
        <label htmlFor={inputId} className="visually-hidden">
          New {d.label.toLowerCase()} of {p.title}
        </label>
        <span className="control">
          <FieldControl
            id={inputId}
            descriptor={d}
            value={raw}
            disabled={!p.editable}
            allowEmpty={d.nullable}
            invalid={Boolean(message)}
            {...(notes.length ? { describedBy: noteId } : {})}
            onChange={edit}
          />
          {changed && p.editable ? (
            <KeepCurrentButton
              what={`${d.label} of ${p.title}`}
              onKeep={() => edit(initialRaws([d], {}, ctx)[d.name] ?? '')}
            />
          ) : null}
        </span>
        <FieldNote id={noteId} problem={notes.join(' · ') || undefined} />
        {change.newerInCopy ? <span className="field-hint">{NEWER_IN_COPY}</span> : null}
      </td>
      <td>
        <button
          type="button"
          className="btn icon"
          aria-expanded={p.open}
          aria-label={`${p.open ? 'Close' : 'Open'} the full change of ${p.title}`}
          onClick={p.onToggleCard}
        >
          {p.open ? <ChevronDown size={13} aria-hidden /> : <ChevronRight size={13} aria-hidden />}
        </button>
      </td>
    </tr>
  );
}
