// The offline copy of the active connection: sync with a progress bar and cancel, each collection's
// as-of time and size, the "keep no offline copy" switch and "forget this connection's data".
import { Alert } from '../../ui/alert';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Progress, Switch } from 'radix-ui';
import { CloudDownload, Square, Trash2 } from 'lucide-react';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { errorMessage } from '../../lib/call';
import { formatAsOf } from './format-cell';
import { useSyncActions, useSyncStatus } from './use-portfolio-api';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

export function SyncPanel() {
  const status = useSyncStatus();
  const { start, cancel, keep, forget } = useSyncActions();
  const s = status.data;
  if (!s) return <p className="muted">{status.isError ? errorMessage(status.error) : 'Loading…'}</p>;
  const running = s.state === 'running';
  const resumable = s.collections.some((c) => c.pending?.resumable);
  const percent = Math.round(s.progress * 100);
  const failure = start.error ?? cancel.error ?? keep.error ?? forget.error;

  return (
    <section className="pf-sync" aria-labelledby="pf-sync-title">
      <h2 id="pf-sync-title">Offline copy</h2>
      <p className="muted">
        PropDesk keeps a copy of this connection’s records on this computer, so the lists and portfolio views
        work without the service. The service offers no “changed since”, so each sync reads everything again;
        the copy in use stays readable until the new one is complete.
      </p>
      <div className="pf-sync-row">
        {running ? (
          <button type="button" className="btn" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            <Square size={13} aria-hidden /> Cancel sync
          </button>
        ) : (
          <button
            type="button"
            className="btn primary"
            onClick={() => start.mutate()}
            disabled={!s.keepCopy || start.isPending}
          >
            <CloudDownload size={14} aria-hidden /> {resumable ? 'Resume sync' : 'Sync now'}
          </button>
        )}
        <Progress.Root className="pf-progress" value={percent} aria-label="Sync progress">
          <Progress.Indicator
            className="pf-progress-bar"
            style={{ transform: `translateX(-${100 - percent}%)` }}
          />
        </Progress.Root>
        <span className="pf-progress-text" role="status" aria-live="polite">
          {running
            ? `${percent}% · ${whole.format(s.fetched)} records${s.current ? ` · ${COLLECTION_LABELS[s.current]}` : ''}`
            : s.state === 'idle'
              ? ''
              : s.state === 'done'
                ? 'Complete'
                : s.state === 'cancelled'
                  ? 'Cancelled'
                  : 'Stopped'}
        </span>
      </div>
      {s.message && s.state !== 'running' ? (
        <p
          className={s.state === 'failed' ? 'alert' : 'muted'}
          role={s.state === 'failed' ? 'alert' : undefined}
        >
          {s.message}
        </p>
      ) : null}
      {s.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
      {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
      <table className="pf-table pf-sync-table" aria-label="Offline copy by collection">
        <thead>
          <tr>
            <th scope="col">Collection</th>
            <th scope="col" className="num">
              Records
            </th>
            <th scope="col">As of</th>
            <th scope="col">Being fetched</th>
          </tr>
        </thead>
        <tbody>
          {s.collections.map((c) => (
            <tr key={c.collection}>
              <td>{COLLECTION_LABELS[c.collection]}</td>
              <td className="num">{c.asOf ? whole.format(c.count) : '—'}</td>
              <td>{c.asOf ? formatAsOf(c.asOf) : 'No copy yet'}</td>
              <td>{c.pending ? `${whole.format(c.pending.fetched)} so far` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pf-privacy">
        <label className="pf-switch-label" htmlFor="pf-keep-none">
          <Switch.Root
            id="pf-keep-none"
            className="pf-switch"
            checked={!s.keepCopy}
            onCheckedChange={(on) => keep.mutate(!on)}
            disabled={keep.isPending}
          >
            <Switch.Thumb className="pf-switch-thumb" />
          </Switch.Root>
          Keep no offline copy of this connection
        </label>
        <span className="muted">Turning this on stops any sync and deletes the copy.</span>
        <span className="spacer" />
        <ConfirmDialog
          trigger={
            <button type="button" className="btn danger">
              <Trash2 size={13} aria-hidden /> Forget this connection’s data
            </button>
          }
          title="Forget this connection’s offline data?"
          description="Every record PropDesk copied from this connection is deleted from this computer. Drafts and suggestions are kept. You can sync again at any time."
          confirmLabel="Forget the data"
          onConfirm={() => forget.mutate()}
        />
      </div>
    </section>
  );
}
