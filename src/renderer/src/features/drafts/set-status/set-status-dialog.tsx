// "Set status…" for the records chosen on a list: one of the contract's status values, then one new
// draft holding an update per chosen record, opened in the editor. Nothing is sent from here.
import { Dialog } from 'radix-ui';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { enumWords } from '../../../../../shared/contract';
import { MAX_CHANGES_PER_BATCH, resourceNoun } from '../../../../../shared/service';
import type { CurrentRead } from '../../../../../shared/drafts';
import type { ResourceType, ServiceRecord } from '../../../../../shared/service';
import { errorMessage } from '../../../lib/call';
import { navigate } from '../../../router/use-route';
import { Alert } from '../../../ui/alert';
import { DialogActions } from '../../../ui/dialog-actions';
import { useContract } from '../../contract/use-contract-api';
import { useCreateDraft, useReadCurrent } from '../use-drafts-api';
import { statusChanges, statusFieldOf } from './status-changes';

const NO_RECORDS: ReadonlyMap<string, ServiceRecord> = new Map();

/**
 * The chosen records as they are now: those the list holds, and the rest read from the service in one
 * call, so each change shows the request's current values. Not readable now (offline), they are
 * drafted without and checked again before submitting.
 */
async function readNow(
  type: ResourceType,
  ids: readonly string[],
  read: ReadonlyMap<string, ServiceRecord>,
  readCurrent: (args: { resourceType: ResourceType; ids: string[] }) => Promise<{ records: CurrentRead[] }>,
): Promise<ReadonlyMap<string, ServiceRecord>> {
  const unread = [...new Set(ids)].filter((id) => !read.has(id)).slice(0, MAX_CHANGES_PER_BATCH);
  if (!unread.length) return read;
  const known = new Map(read);
  try {
    for (const r of (await readCurrent({ resourceType: type, ids: unread })).records)
      if (r.state === 'read') known.set(r.id, r.record);
  } catch {
    // Unread records are drafted all the same: the draft says so on each, and checks before sending.
  }
  return known;
}

export function SetStatusDialog({
  type,
  ids,
  read = NO_RECORDS,
}: {
  type: ResourceType;
  /** The records chosen, by ID. */
  ids: readonly string[];
  /** The chosen records as read on the list, where it has them: shown as "current" in the draft. */
  read?: ReadonlyMap<string, ServiceRecord>;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { contract } = useContract();
  const create = useCreateDraft();
  const readCurrent = useReadCurrent();
  const field = statusFieldOf(contract, type);
  const count = ids.length;
  const nouns = resourceNoun(type, count);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typeof field === 'string') return setProblem(field);
    if (!value) return setProblem('Choose the status to set.');
    void draftWith(field.name, await readNow(type, ids, read, readCurrent.mutateAsync));
  };

  const draftWith = (name: string, known: ReadonlyMap<string, ServiceRecord>) => {
    const changes = statusChanges(type, ids, name, value, known);
    if (typeof changes === 'string') return setProblem(changes);
    const label = `Set ${changes.length} ${resourceNoun(type, changes.length)} to ${enumWords(value)}`;
    create.mutate(
      { label, changes },
      {
        onSuccess: (draft) => {
          setOpen(false);
          navigate({ view: 'draft', id: draft.id });
        },
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setProblem(null);
        create.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="btn" disabled={count === 0}>
          <ListChecks size={14} aria-hidden /> Set status…
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            Set the status of {count.toLocaleString()} {nouns}
          </Dialog.Title>
          <Dialog.Description className="muted">
            Drafts one change per {resourceNoun(type)} in a new draft, which opens next. Nothing is sent until
            you submit the draft, and nothing changes until a person approves it in the service.
          </Dialog.Description>
          {typeof field === 'string' ? (
            <Alert>{field}</Alert>
          ) : (
            <form className="form" onSubmit={(e) => void submit(e)}>
              <label>
                New status{' '}
                <select className="input" value={value} onChange={(e) => setValue(e.target.value)}>
                  <option value="" disabled>
                    Choose…
                  </option>
                  {field.values.map((v) => (
                    <option key={v} value={v}>
                      {enumWords(v)}
                    </option>
                  ))}
                </select>
              </label>
              {problem ? <Alert>{problem}</Alert> : null}
              {create.isError ? <Alert>{errorMessage(create.error)}</Alert> : null}
              <DialogActions cancel="Cancel">
                <button
                  type="submit"
                  className="btn primary"
                  disabled={create.isPending || readCurrent.isPending}
                >
                  Draft {count.toLocaleString()} {count === 1 ? 'change' : 'changes'}
                </button>
              </DialogActions>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
