// The one checked wrapper every IPC call goes through: sender check, argument parsing with the
// channel's schema, and errors returned as data. Refused senders and answers outside their schema
// are logged, so they can be traced. It imports nothing from Electron so the browser harness and the
// tests run exactly this code.
import type { z } from 'zod';
import type { AppError, Result } from '../../shared/app-error';
import { issueAtPath } from '../../shared/contract';
import { CHANNEL_NAMES, CHANNELS } from '../../shared/ipc';
import type { ChannelName, ChannelParsedArgs, ChannelResult } from '../../shared/ipc';
import type { Logger } from '../log/logger';
import { redactText } from '../log/redact';
import { checkOutgoing } from './outgoing-check';
import type { SenderCheck, SenderInfo } from './sender';

export type Handler<C extends ChannelName> = (args: ChannelParsedArgs<C>) => Promise<ChannelResult<C>>;
export type HandlerTable = { [C in ChannelName]: Handler<C> };
/** The part of the table that serves the given domains' channels (`'drafts' | 'rentReview'`, say). */
export type DomainHandlers<D extends string> = {
  [C in ChannelName as C extends `${D}.${string}` ? C : never]: Handler<C>;
};

/** Turns anything thrown by a handler into an AppError without leaking internals. */
export type ErrorMapper = (error: unknown) => AppError;

/** Where refusals are written: main's logger. */
export type DispatchLog = Pick<Logger, 'warn' | 'error'>;

export interface Dispatcher {
  dispatch(
    sender: SenderInfo | null | undefined,
    channel: unknown,
    rawArgs: unknown,
  ): Promise<Result<unknown>>;
  channels: readonly ChannelName[];
}

function isChannel(value: unknown): value is ChannelName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CHANNELS, value);
}

function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? issueAtPath(first, 'The request') : 'The request was not valid.';
}

/** What is known of a refused sender, for the log: its address redacted and cut short. */
function describeSender(sender: SenderInfo | null | undefined, channel: unknown) {
  const url = typeof sender?.url === 'string' ? redactText(sender.url.slice(0, 500)) : null;
  return {
    channel: isChannel(channel) ? channel : '(unknown)',
    url,
    mainFrame: sender?.isMainFrame === true,
  };
}

export function createDispatcher(
  table: HandlerTable,
  isTrusted: SenderCheck,
  mapError: ErrorMapper,
  log: DispatchLog,
): Dispatcher {
  for (const name of CHANNEL_NAMES) {
    if (typeof table[name] !== 'function') throw new Error(`No handler registered for ${name}`);
  }
  return {
    channels: CHANNEL_NAMES,
    async dispatch(sender, channel, rawArgs) {
      if (!isTrusted(sender)) {
        log.warn('Refused an IPC call from outside PropDesk’s own window', describeSender(sender, channel));
        return {
          ok: false,
          error: {
            code: 'forbidden_sender',
            message: 'This request did not come from PropDesk’s own window.',
          },
        };
      }
      if (!isChannel(channel)) {
        return {
          ok: false,
          error: { code: 'unknown_channel', message: 'PropDesk does not know this request.' },
        };
      }
      const spec = CHANNELS[channel];
      // Only a missing argument means "none"; null or any other non-object is a malformed call.
      const parsed = spec.args.safeParse(rawArgs === undefined ? {} : rawArgs);
      if (!parsed.success) {
        return {
          ok: false,
          error: {
            code: 'invalid_arguments',
            message: describeIssues(parsed.error),
            details: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: issueAtPath(i) })),
          },
        };
      }
      try {
        const handler = table[channel] as (args: unknown) => Promise<unknown>;
        const result = await handler(parsed.data);
        // The result is checked too: a handler bug must not leak an unexpected shape to the screen.
        const checked = checkOutgoing(spec.result, result, { channel }, log);
        if (!checked.ok) {
          return {
            ok: false,
            error: { code: 'internal', message: 'PropDesk produced an unexpected answer. Please try again.' },
          };
        }
        return { ok: true, data: checked.data };
      } catch (error) {
        return { ok: false, error: mapError(error) };
      }
    },
  };
}
