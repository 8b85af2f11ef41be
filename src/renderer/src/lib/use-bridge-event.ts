// Subscribes a component to one push event of the bridge for as long as it is mounted.
import { useEffect, useRef } from 'react';
import type { EventName, EventPayload } from '../../../shared/ipc';
import { eventMember } from '../../../shared/bridge';

export function useBridgeEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const [domain, member] = eventMember(event);
    const target = (window.propdesk as unknown as Record<string, Record<string, unknown>>)[domain]?.[member];
    if (typeof target !== 'function') return undefined;
    return (target as (l: (p: EventPayload<E>) => void) => () => void)((payload) => latest.current(payload));
  }, [event]);
}
