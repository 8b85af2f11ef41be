// Subscribes a component to one push event of the bridge for as long as it is mounted. The bridge is
// handed in by the feature's use-<feature>-api.ts hook (or the shell's bridge sync), the only places
// that reach main, so what a screen hears from main is named there beside what it asks.
import { useEffect, useRef } from 'react';
import type { EventName, EventPayload } from '../../../shared/ipc';
import { eventMember } from '../../../shared/bridge';
import type { PropdeskBridge } from '../../../shared/bridge';

export function useBridgeEvent<E extends EventName>(
  bridge: PropdeskBridge,
  event: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const [domain, member] = eventMember(event);
    const target = (bridge as unknown as Record<string, Record<string, unknown>>)[domain]?.[member];
    if (typeof target !== 'function') return undefined;
    return (target as (l: (p: EventPayload<E>) => void) => () => void)((payload) => latest.current(payload));
  }, [bridge, event]);
}
