// The bottom status bar: active connection, whether the service can be reached, and whether it asks
// PropDesk to slow down.
import { paceWords } from '../../../shared/service-pace';
import { useConnections, useServicePace } from '../features/connections/use-connections-api';
import { useReach } from '../features/connections/use-reach';
import { OutboxIndicator } from '../features/drafts/outbox-indicator';
import { OfflineCopyIndicator } from '../features/offline-copy/offline-copy-indicator';
import { useOfflineCopyStatus } from '../features/offline-copy/use-offline-copy-api';

export function StatusBar() {
  const connections = useConnections();
  const reach = useReach();
  const slowed = paceWords(useServicePace().data, useOfflineCopyStatus().data?.state === 'running');

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
      <span className="spacer" />
      {connections.data && !connections.data.keychain.persistent ? (
        <span title={connections.data.keychain.problem}>Keychain refused: see Connections</span>
      ) : null}
    </footer>
  );
}
