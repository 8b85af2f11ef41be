// Everything main sends the window is held to the IPC contract the same way, a channel's answer and
// a pushed event alike: parsed with its schema, and when outside it the paths (never the values,
// which are the user's data) are logged and nothing of it crosses.
import type { z } from 'zod';
import type { Logger } from '../log/logger';

export type OutgoingCheck<T> = { ok: true; data: T } | { ok: false };

export function checkOutgoing<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: { channel: string } | { event: string },
  log: Pick<Logger, 'error'>,
): OutgoingCheck<z.output<S>> {
  const checked = schema.safeParse(value);
  if (checked.success) return { ok: true, data: checked.data };
  log.error(
    'channel' in what
      ? 'An IPC handler answered outside its result schema'
      : 'A push event left out of its schema',
    {
      ...what,
      issuePaths: checked.error.issues.map((i) => i.path.map(String).join('.')),
    },
  );
  return { ok: false };
}
