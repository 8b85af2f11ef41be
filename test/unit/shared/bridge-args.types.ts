// Type-level checks of window.propdesk, run by `tsc -b`: a channel whose schema needs an argument
// cannot be called without it, one that needs nothing can, and a wrong argument does not compile.
import type { PropdeskBridge } from '../../../src/shared/bridge';

export function bridgeCalls(bridge: PropdeskBridge): unknown[] {
  return [
    bridge.drafts.list(),
    bridge.drafts.list({}),
    bridge.suggestions.refresh(),
    bridge.drafts.get({ id: 'd1' }),
    bridge.collections.list({ collection: 'leases' }),
    // @ts-expect-error drafts.get needs the draft's id
    bridge.drafts.get(),
    // @ts-expect-error collections.list needs a collection
    bridge.collections.list(),
    // @ts-expect-error connections.switch needs an id, not a name
    bridge.connections.switch({ name: 'Office' }),
    // @ts-expect-error there is no generic way to call a channel
    bridge.drafts.invoke('drafts.get', { id: 'd1' }),
  ];
}
