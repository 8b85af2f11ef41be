// The bottom status bar: active connection, whether the service can be reached, and whether it asks
// PropDesk to slow down.
import { paceWords } from '../../../shared/service-pace';
import { useConnections, useConnectivity, useServicePace } from '../features/connections/use-connections-api';
import { OutboxIndicator } from '../features/drafts/outbox-indicator';
import { OfflineCopyIndicator } from '../features/offline-copy/offline-copy-indicator';
import { useOfflineCopyStatus } from '../features/offline-copy/use-offline-copy-api';

export function StatusBar() {
  const connections = useConnections();
  const connectivity = useConnectivity();
  const slowed = paceWords(useServicePace().data, useOfflineCopyStatus().data?.state === 'running');

  const active = connections.data?.connections.find((c) => c.id === connections.data?.activeId);
  const online = connectivity.data?.online;
  return (
    <footer className="statusbar" aria-label="Status">
      <span>{active ? `Connected to ${active.name}` : 'No connection chosen'}</span>
      <span role="status">
        <span className={`dot ${online === undefined ? '' : online ? 'online' : 'offline'}`} aria-hidden />
        {online === undefined ? 'Checking…' : online ? 'Online' : 'Offline'}
      </span>
      <OutboxIndicator online={online} />
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
