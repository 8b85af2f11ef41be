// The currency the active connection's amounts are in (chosen for it, or its region's; see the
// Connections screen). Until the connections are read it is ISO 4217's "no currency", which Intl
// writes with the generic sign (¤) rather than a currency nobody chose.
import { useQuery } from '@tanstack/react-query';
import { NO_CURRENCY } from '../../../../shared/money';
import { connectionsQuery } from './use-connections';

export function useCurrency(): string {
  const { data } = useQuery({
    ...connectionsQuery,
    select: (d) => d.connections.find((c) => c.id === d.activeId)?.currency ?? NO_CURRENCY,
  });
  return data ?? NO_CURRENCY;
}
