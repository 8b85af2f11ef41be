// The currency the active connection's amounts are in (chosen for it, or its region's; see the
// Connections screen). Until the connections are read it is ISO 4217's "no currency", which Intl
// writes with the generic sign (¤) rather than a currency nobody chose.
import { NO_CURRENCY } from '../../../../shared/money';
import { useConnections } from './use-connections-api';

export function useCurrency(): string {
  const { data } = useConnections();
  return data?.connections.find((c) => c.id === data.activeId)?.currency ?? NO_CURRENCY;
}
