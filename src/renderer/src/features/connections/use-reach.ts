// Words for why the service can't be answered: "You are offline" only when this computer has no
// network, "Can't reach <service>" when it has one and the service does not answer. A landlord whose
// Wi-Fi works needs to hear that the service is the one down, not to check their cables.
import { useConnections, useConnectivity } from './use-connections-api';

export interface Reach {
  /** Whether the service can be reached; undefined while main has not said yet. */
  online: boolean | undefined;
  /** Short words for the status bar: "Online", "Offline", "Can't reach Lakeside". */
  short: string;
  /** The opening of a sentence saying why nothing can be sent or read now. */
  sentence: string;
}

/** The words for a connectivity state, given the name of the service the active connection points at. */
export function reachWords(
  state: { online: boolean; computerOnline: boolean } | undefined,
  service: string | undefined,
): Reach {
  if (!state) return { online: undefined, short: 'Checking…', sentence: '' };
  if (state.online) return { online: true, short: 'Online', sentence: '' };
  if (!state.computerOnline) return { online: false, short: 'Offline', sentence: 'You are offline.' };
  const name = service ?? 'the service';
  return {
    online: false,
    short: `Can’t reach ${name}`,
    sentence: `Can’t reach ${name}: it does not answer.`,
  };
}

/** Whether the active connection's service can be reached, in words that say which side is down. */
export function useReach(): Reach {
  const connections = useConnections().data;
  const active = connections?.connections.find((c) => c.id === connections.activeId);
  return reachWords(useConnectivity().data, active?.name);
}
