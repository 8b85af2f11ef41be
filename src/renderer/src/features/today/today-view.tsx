// Today, the app's first screen: what needs the landlord (leases ending, late payments, urgent
// maintenance, documents to check, suggestions), each figure a link to its rows; on the demo
// organisation a word that it is sample data; without an offline copy, the copy being made.
import '../../styles/today.css';
import { useConnections } from '../connections/use-connections-api';
import { useCurrency } from '../connections/use-currency';
import { formatAsOf } from '../offline-copy/copy-words';
import { useOfflineCopyStatus } from '../offline-copy/use-offline-copy-api';
import { useToday } from './use-today-api';
import { errorMessage } from '../../lib/call';
import { Alert } from '../../ui/alert';
import { LaterParts } from '../drafts/later-parts';
import { useOutbox } from '../drafts/use-drafts-api';
import { CopyState } from './copy-state';
import { useWatchSuggestions } from '../suggestions/use-suggestions-api';
import { SampleBanner } from './sample-banner';
import { SinceRegion } from './since-region';
import { TodayFigures } from './today-figures';

export function TodayView() {
  const today = useToday();
  // Today counts the suggestions waiting: while it is on screen, an approval shows within seconds.
  useWatchSuggestions();
  const offlineCopy = useOfflineCopyStatus();
  const connections = useConnections();
  const currency = useCurrency();
  const active = connections.data?.connections.find((c) => c.id === connections.data?.activeId);
  const summary = today.data;
  const status = offlineCopy.data;
  const unsent = useOutbox().data?.waiting ?? 0;
  // What Today still lacks, by the copy's own status (pushed as it moves), not by a summary counted
  // before the last collection came in: the offer to make a copy never flashes after one was made.
  const lacking = (summary?.missing ?? []).filter(
    (c) => !status?.collections.find((x) => x.collection === c)?.asOf,
  );
  const copyShown = status && (status.state === 'running' || lacking.length > 0);
  return (
    <>
      <header className="toolbar">
        <h1>Today</h1>
        <span className="muted">{active ? `What needs you at ${active.name}` : ''}</span>
        <span className="spacer" />
        {summary?.asOf ? (
          <span className="muted">From the offline copy as of {formatAsOf(summary.asOf)}</span>
        ) : null}
      </header>
      <div className="page today-page">
        {active?.kind === 'demo' ? <SampleBanner /> : null}
        {copyShown ? <CopyState status={status} /> : null}
        {today.isError ? <Alert>{errorMessage(today.error)}</Alert> : null}
        <LaterParts />
        <SinceRegion />
        {summary ? (
          <TodayFigures summary={summary} currency={currency} status={status} unsent={unsent} />
        ) : null}
        {summary?.notes.length ? (
          <ul className="today-notes muted" aria-label="What these figures rest on">
            {summary.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
