// "Suggest a change" on a record: adds an update of this record (with the record as its snapshot)
// to a draft still being edited, or to a new one, and opens the editor on it.
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { FilePen, Plus } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { resourceTypeOf } from '../../../../shared/service';
import { navigate } from '../../router/use-route';
import { recordLabel } from '../collections/record-label';
import { requestFocus } from './focus-request';
import { newChangeId } from './new-change-id';
import { resourceNoun } from './resource-words';
import { useDraftList } from './use-drafts';
import '../../styles/drafts.css';

export function SuggestChangeButton({
  collection,
  record,
}: {
  collection: Collection;
  record: ServiceRecord;
}) {
  const resourceType = resourceTypeOf(collection);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const drafts = useDraftList();
  const name = recordLabel(collection, record);
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!resourceType) return null;
  const type = resourceType;
  const editable = (drafts.data?.drafts ?? []).filter(
    (d) => d.state === 'editing' && d.changeCount < d.maxChanges,
  );

  async function addTo(draftId: string | null) {
    setBusy(true);
    setProblem(null);
    let target = draftId;
    if (target === null) {
      const created = await window.propdesk.drafts.create({
        label: label.trim() || `Changes to ${resourceNoun(type)} ${name}`,
      });
      if (!created.ok) {
        setBusy(false);
        setProblem(created.error.message);
        return;
      }
      target = created.data.id;
    }
    const changeId = newChangeId();
    const result = await window.propdesk.drafts.putChange({
      draftId: target,
      change: {
        id: changeId,
        operation: 'update',
        resourceType: type,
        resourceId: record.id,
        fields: {},
        snapshot: record,
      },
    });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.error.message);
      return;
    }
    void client.invalidateQueries({ queryKey: ['drafts'] });
    setOpen(false);
    requestFocus(changeId);
    navigate({ view: 'draft', id: target });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setProblem(null);
      }}
    >
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
          {editable.length ? (
            <div className="draft-choices" role="group" aria-label="Add to a draft">
              {editable.map((d) => (
                <button
                  key={d.id}
                  type="button"
                  className="btn choice"
                  disabled={busy}
                  onClick={() => void addTo(d.id)}
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
              void addTo(null);
            }}
          >
            <label>
              New draft
              <input
                className="input"
                value={label}
                maxLength={200}
                placeholder={`Changes to ${resourceNoun(type)} ${name}`}
                onChange={(e) => setLabel(e.target.value)}
              />
            </label>
            <button type="submit" className="btn primary" disabled={busy}>
              <Plus size={14} aria-hidden /> Add to a new draft
            </button>
          </form>
          {problem ? (
            <div className="alert" role="alert">
              {problem}
            </div>
          ) : null}
          <p className="muted small">
            Adds an update of this {resourceNoun(type)}, with its values as read now shown as “current”.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
