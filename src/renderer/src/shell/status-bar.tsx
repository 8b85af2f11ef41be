// The bottom status bar: active connection and whether the service can be reached.
import { useConnections } from '../features/connections/use-connections-api';
import { OutboxIndicator } from '../features/drafts/outbox-indicator';
import { OfflineCopyIndicator } from '../features/portfolio/offline-copy-indicator';
import { useConnectivity } from './use-shell-api';

export function StatusBar() {
  const connections = useConnections();
  const connectivity = useConnectivity();

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
      <span className="spacer" />
      {connections.data && !connections.data.keychain.persistent ? (
        <span title={connections.data.keychain.problem}>Keychain refused: see Connections</span>
      ) : null}
    </footer>
  );
}
