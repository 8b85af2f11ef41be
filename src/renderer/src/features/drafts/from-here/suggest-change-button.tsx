// "Suggest a change" on a record: a dialog offering the drafts still being edited and a new one, for an
// update of this record (what choosing one does is use-suggest-change.ts).
import { Alert } from '../../../ui/alert';
import { Dialog } from 'radix-ui';
import { FilePen, Plus } from 'lucide-react';
import type { FormEvent } from 'react';
import type { Collection, ServiceRecord } from '../../../../../shared/service';
import { resourceNoun, resourceTypeOf } from '../../../../../shared/service';
import { recordLabel } from '../../collections/record-label';
import { endedLeaseWarning } from '../ended-lease';
import { RefusedNote } from '../../connections/refused-note';
import { TextField } from '../../../ui/text-field';
import { useSuggestChange } from './use-suggest-change';
import '../../../styles/drafts.css';

export function SuggestChangeButton({
  collection,
  record,
}: {
  collection: Collection;
  record: ServiceRecord;
}) {
  const type = resourceTypeOf(collection);
  const name = recordLabel(collection, record);
  const { open, setOpen, label, setLabel, editable, busy, problem, addTo } = useSuggestChange(
    type,
    record,
    name,
  );
  if (!type) return null;
  const ended = type === 'lease' ? endedLeaseWarning(record, new Date()) : undefined;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn panel-cta">
          <FilePen size={13} aria-hidden /> Suggest a change
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            Suggest a change to {resourceNoun(type)} {name}
          </Dialog.Title>
          <Dialog.Description className="muted">
            The change goes into a draft, where you fill in the new values. Nothing is sent until you submit
            the draft, and nothing changes until a person approves it in the service.
          </Dialog.Description>
          <RefusedNote types={[type]} />
          {ended ? <Alert tone="warn">{ended}</Alert> : null}
          {editable.length ? (
            <div className="draft-choices" role="group" aria-label="Add to a draft">
              {editable.map((d) => (
                <button
                  key={d.id}
                  type="button"
                  className="btn choice"
                  disabled={busy}
                  onClick={() => addTo(d.id)}
                >
                  <span>{d.label}</span>
                  <span className="muted num">
                    {d.changeCount} of {d.maxChanges}
                  </span>
                </button>
              ))}
            </div>
          ) : null}
          <form
            className="form inline-form"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              addTo(null);
            }}
          >
            <TextField
              label="New draft"
              value={label}
              maxLength={200}
              placeholder={`Changes to ${resourceNoun(type)} ${name}`}
              onChange={setLabel}
            />
            <button type="submit" className="btn primary" disabled={busy}>
              <Plus size={14} aria-hidden /> Add to a new draft
            </button>
          </form>
          {problem ? <Alert>{problem}</Alert> : null}
          <p className="muted small">
            Adds an update of this {resourceNoun(type)}, with its values as read now shown as “current”.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
