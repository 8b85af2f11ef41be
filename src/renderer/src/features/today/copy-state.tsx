// What Today says while it has no offline copy to count from: the copy being made (with progress), why
// it stopped and how to go on, that the user chose to keep none, or an offer to make one.
import { CloudDownload } from 'lucide-react';
import type { OfflineCopyStatus } from '../../../../shared/portfolio';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { errorMessage } from '../../lib/call';
import { Alert } from '../../ui/alert';
import { CopyProgress } from '../offline-copy/copy-progress';
import { useOfflineCopyActions } from '../offline-copy/use-offline-copy-api';

export function CopyState({ status }: { status: OfflineCopyStatus }) {
  const { start, keep } = useOfflineCopyActions();
  const percent = Math.round(status.progress * 100);
  const failure = start.error ?? keep.error;
  const make = async () => {
    if (!status.keepCopy) await keep.mutateAsync(true);
    start.mutate();
  };
  const busy = start.isPending || keep.isPending;
  return (
    <section className="today-copy" aria-label="Offline copy">
      {status.state === 'running' ? (
        <>
          <p>
            <strong>Making the offline copy… {percent} %</strong> PropDesk is copying your organisation’s
            records to this computer. Today fills in figure by figure as they arrive.
          </p>
          <p className="muted">{collectionsWords(status)}</p>
          <CopyProgress percent={percent} />
        </>
      ) : (
        <>
          {status.state === 'failed' && status.message ? <Alert>{status.message}</Alert> : null}
          <p>
            {status.keepCopy
              ? 'Today counts from the offline copy: a copy of your organisation’s records on this computer. There is none yet.'
              : 'You chose to keep no copy of this organisation’s records on this computer, so Today has nothing to count from.'}
          </p>
          <button type="button" className="btn primary" onClick={() => void make()} disabled={busy}>
            <CloudDownload size={14} aria-hidden />{' '}
            {status.state === 'failed'
              ? 'Try again'
              : status.keepCopy
                ? 'Make the offline copy'
                : 'Keep a copy and make it'}
          </button>
        </>
      )}
      {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
    </section>
  );
}

/** Which collections are in and which are still being read, in plain words. */
function collectionsWords(status: OfflineCopyStatus): string {
  const names = (state: 'done' | 'reading') =>
    status.collections
      .filter((c) => c.run?.state === state)
      .map((c) => COLLECTION_LABELS[c.collection].toLowerCase());
  const done = names('done');
  const reading = names('reading');
  return [
    done.length ? `In: ${done.join(', ')}.` : '',
    reading.length ? `Being read: ${reading.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
