// The offline copy screen: what the copy is, how old and how big it is, "Update the offline copy"
// with its progress and "Stop", what each kind of record holds, "Keep no copy on this computer" and
// deleting the copy; and the most the copy holds (its budget).
import { Alert } from '../../ui/alert';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Switch } from 'radix-ui';
import { CloudDownload, Square, Trash2 } from 'lucide-react';
import { FRESHNESS_CHOICES } from '../../../../shared/portfolio';
import { kindKey } from '../../../../shared/request-kind';
import { isCollection } from '../../../../shared/service';
import { longHolds, paceWords } from '../../../../shared/service-pace';
import type { ServicePace } from '../../../../shared/service-pace';
import { HoldNotice } from '../connections/hold-notice';
import { useServicePace } from '../connections/use-connections-api';
import type { FreshnessChoice, OfflineCopyStatus } from '../../../../shared/portfolio';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { assertNever } from '../../../../shared/app-error';
import { errorMessage } from '../../lib/call';
import { relativeTime } from '../../lib/time-words';
import { CopyProgress } from './copy-progress';
import { copyLine, formatAsOf, oldestAsOf } from './copy-words';
import { useCopySchedule, useOfflineCopyActions, useOfflineCopyStatus } from './use-offline-copy-api';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** How old and how big the copy is, in one sentence. */
function ageAndSize(s: OfflineCopyStatus): string {
  if (!s.keepCopy) return 'You chose to keep no copy of this organisation’s records on this computer.';
  const asOf = oldestAsOf(s);
  if (!asOf) return 'There is no copy on this computer yet.';
  const records = s.collections.reduce((sum, c) => sum + (c.asOf ? c.count : 0), 0);
  return `The copy is from ${formatAsOf(asOf)} (${relativeTime(asOf)}) and holds ${whole.format(records)} records.`;
}

/** Where the update stands with one kind of record: in, being read, stopped, or left to continue. */
function beingRead(c: OfflineCopyStatus['collections'][number]): string {
  switch (c.run?.state) {
    case 'reading':
      return `${whole.format(c.run.fetched)} read so far`;
    case 'done':
      return 'Done';
    case 'failed':
      return c.pending
        ? `Stopped at ${whole.format(c.pending.fetched)}; continues at the next update`
        : 'Stopped';
    default:
      return c.pending ? `${whole.format(c.pending.fetched)} so far` : '';
  }
}

const CHOICE_WORDS: Record<FreshnessChoice, string> = {
  minutes: 'Every few minutes',
  hourly: 'Hourly',
  daily: 'Daily',
  asked: 'Only when I ask',
};

/** "Update by itself": how often the copy is listed again in the background. */
function ScheduleChoice({ disabled }: { disabled: boolean }) {
  const { schedule, choose } = useCopySchedule();
  const value = schedule.data?.choice;
  return (
    <label className="pf-schedule">
      Update by itself{' '}
      <select
        className="input"
        value={value ?? ''}
        disabled={disabled || value === undefined || choose.isPending}
        onChange={(e) => choose.mutate(e.target.value as FreshnessChoice)}
      >
        {FRESHNESS_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {CHOICE_WORDS[choice]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The collections' reads the service asked to wait long: the copy continues by itself after them. */
function CollectionHolds({ pace }: { pace: ServicePace | undefined }) {
  return longHolds(pace)
    .filter((h) => isCollection(h.kind.collection))
    .map((hold) => (
      <p key={kindKey(hold.kind)}>
        <HoldNotice kind={hold.kind} until={hold.until} />
      </p>
    ));
}

/** Where the update stands, beside its bar. */
function progressWords(s: OfflineCopyStatus): string {
  switch (s.state) {
    case 'running': {
      const done = s.collections.filter((c) => c.run?.state === 'done').length;
      return `${copyLine(s).text} ${whole.format(s.fetched)} records read · ${done} of ${s.collections.length} kinds of record in`;
    }
    case 'done':
      return 'Up to date';
    case 'cancelled':
      return 'Stopped';
    case 'failed':
      return 'Not finished';
    case 'idle':
      return '';
    default:
      return assertNever(s.state);
  }
}

/** What each kind of record holds in the copy: how many, as of when, and how its update goes. */
function CopyContents({ collections }: { collections: OfflineCopyStatus['collections'] }) {
  return (
    <table className="pf-table pf-offline-copy-table" aria-label="What the offline copy holds">
      <thead>
        <tr>
          <th scope="col">Records</th>
          <th scope="col" className="num">
            How many
          </th>
          <th scope="col">As of</th>
          <th scope="col">Being read</th>
        </tr>
      </thead>
      <tbody>
        {collections.map((c) => (
          <tr key={c.collection}>
            <td>{COLLECTION_LABELS[c.collection]}</td>
            <td className="num">{c.asOf ? whole.format(c.count) : '—'}</td>
            <td>{c.asOf ? formatAsOf(c.asOf) : 'Not copied yet'}</td>
            <td>{beingRead(c)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OfflineCopyPanel() {
  const status = useOfflineCopyStatus();
  const { start, cancel, keep, forget } = useOfflineCopyActions();
  const pace = useServicePace();
  const s = status.data;
  if (!s) return <p className="muted">{status.isError ? errorMessage(status.error) : 'Loading…'}</p>;
  const running = s.state === 'running';
  const percent = Math.round(s.progress * 100);
  const failure = start.error ?? cancel.error ?? keep.error ?? forget.error;
  const slowed = paceWords(pace.data, running);

  return (
    <section className="pf-offline-copy" aria-labelledby="pf-offline-copy-title">
      <h2 id="pf-offline-copy-title">Offline copy</h2>
      <p className="muted">
        A copy of your organisation’s records on this computer. PropDesk uses it when the service cannot be
        reached, and for Portfolio, Today and search. Updating it reads every record again and writes what
        changed into the copy, which stays readable all along.
      </p>
      <p>{ageAndSize(s)}</p>
      <p className="muted">
        {s.budget} A service that keeps sending more stops the update there, and the copy keeps what it had.
      </p>
      <p className="muted">
        PropDesk also checks what you have on screen, and the records a suggestion changed once it is
        approved. It lists small kinds of records again within 5 minutes and the rest within the hour, using
        about a request a second at most. <ScheduleChoice disabled={!s.keepCopy} />
      </p>
      <div className="pf-offline-copy-row">
        {running ? (
          <button type="button" className="btn" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            <Square size={13} aria-hidden /> Stop
          </button>
        ) : (
          <button
            type="button"
            className="btn primary"
            onClick={() => start.mutate()}
            disabled={!s.keepCopy || start.isPending}
          >
            <CloudDownload size={14} aria-hidden /> Update the offline copy
          </button>
        )}
        <CopyProgress percent={percent} />
        <span className="pf-progress-text" role="status" aria-live="polite">
          {progressWords(s)}
        </span>
      </div>
      {slowed ? <p role="status">{slowed}.</p> : null}
      <CollectionHolds pace={pace.data} />
      {s.message && s.state !== 'running' ? (
        s.state === 'failed' ? (
          <Alert>{s.message}</Alert>
        ) : (
          <p className="muted">{s.message}</p>
        )
      ) : null}
      {s.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
      {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
      <CopyContents collections={s.collections} />
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
          Keep no copy on this computer
        </label>
        <span className="muted">Turning this on stops any update and deletes the copy.</span>
        <span className="spacer" />
        <ConfirmDialog
          trigger={
            <button type="button" className="btn danger">
              <Trash2 size={13} aria-hidden /> Delete the offline copy
            </button>
          }
          title="Delete the offline copy?"
          description="Every record PropDesk copied from this organisation is deleted from this computer. Drafts and suggestions are kept. You can update the copy again at any time."
          confirmLabel="Delete the copy"
          onConfirm={() => forget.mutate()}
        />
      </div>
    </section>
  );
}
