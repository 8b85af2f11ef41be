// The type of window.propdesk, derived from the IPC contract: one function per channel, grouped by
// domain, and one `on<Event>` subscription per push event. No generic invoke or send exists.
import type { Result } from './app-error';
import type { ChannelArgs, ChannelName, ChannelResult, EventName, EventPayload } from './ipc';

type DomainOf<N extends string> = N extends `${infer D}.${string}` ? D : never;
export type BridgeDomain = DomainOf<ChannelName | EventName>;

export type Unsubscribe = () => void;

/** A channel's argument: optional only where its schema needs nothing (every field optional). */
export type BridgeArgs<C extends ChannelName> =
  Record<string, never> extends ChannelArgs<C> ? [args?: ChannelArgs<C>] : [args: ChannelArgs<C>];

export type PropdeskBridge = {
  readonly [D in BridgeDomain]: {
    readonly [C in ChannelName as C extends `${D}.${infer V}` ? V : never]: (
      ...args: BridgeArgs<C>
    ) => Promise<Result<ChannelResult<C>>>;
  } & {
    readonly [E in EventName as E extends `${D}.${infer V}` ? `on${Capitalize<V>}` : never]: (
      listener: (payload: EventPayload<E>) => void,
    ) => Unsubscribe;
  };
};

/** `connections.changed` -> ['connections', 'onChanged'] */
export function eventMember(event: string): [string, string] {
  const [domain = '', verb = ''] = event.split('.', 2);
  return [domain, `on${verb.charAt(0).toUpperCase()}${verb.slice(1)}`];
}

export function channelMember(channel: string): [string, string] {
  const [domain = '', verb = ''] = channel.split('.', 2);
  return [domain, verb];
}
