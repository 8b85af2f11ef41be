// The bottom status bar: active connection, whether the service can be reached, whether it asks
// PropDesk to slow down, and each kind of request it asked to wait more than ten minutes, until when,
// with "Try now".
import { kindKey } from '../../../shared/request-kind';
import { longHolds, paceWords } from '../../../shared/service-pace';
import { HoldNotice } from '../features/connections/hold-notice';
import { useConnections, useServicePace } from '../features/connections/use-connections-api';
import { useReach } from '../features/connections/use-reach';
import { OutboxIndicator } from '../features/drafts/outbox-indicator';
import { OfflineCopyIndicator } from '../features/offline-copy/offline-copy-indicator';
import { useOfflineCopyStatus } from '../features/offline-copy/use-offline-copy-api';

export function StatusBar() {
  const connections = useConnections();
  const reach = useReach();
  const pace = useServicePace().data;
  const slowed = paceWords(pace, useOfflineCopyStatus().data?.state === 'running');

  const active = connections.data?.connections.find((c) => c.id === connections.data?.activeId);
  const online = reach.online;
  return (
    <footer className="statusbar" aria-label="Status">
      <span>{active ? `Connected to ${active.name}` : 'No connection chosen'}</span>
      <span role="status">
        <span className={`dot ${online === undefined ? '' : online ? 'online' : 'offline'}`} aria-hidden />
        {reach.short}
      </span>
      <OutboxIndicator reach={reach} />
      <OfflineCopyIndicator />
      {slowed ? (
        <span className="pace-note" role="status">
          {slowed}
        </span>
      ) : null}
      {longHolds(pace).map((hold) => (
        <HoldNotice key={kindKey(hold.kind)} kind={hold.kind} until={hold.until} />
      ))}
      <span className="spacer" />
      {connections.data && !connections.data.keychain.persistent ? (
        <span title={connections.data.keychain.problem}>Keychain refused: see Connections</span>
      ) : null}
    </footer>
  );
}
