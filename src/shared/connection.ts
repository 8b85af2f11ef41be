// A connection as the window sees it (never its key: only whether one is stored), the keychain's
// state, and the outcome of testing a connection's scopes.
import { z } from 'zod';
import { id } from './ipc-fields';

export const connectionSchema = z.object({
  id,
  name: z.string(),
  baseUrl: z.string(),
  webOrigin: z.string().nullable(),
  kind: z.enum(['demo', 'remote']),
  hasKey: z.boolean(),
  /** The currency the service's amounts are in (ISO 4217). */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** chosen for this connection, or taken from this computer's region. */
  currencySource: z.enum(['chosen', 'region']),
});
export type Connection = z.infer<typeof connectionSchema>;

export const keychainStatusSchema = z.object({ persistent: z.boolean(), problem: z.string().optional() });

export const scopeCheckSchema = z.object({
  target: z.string(),
  scope: z.string(),
  outcome: z.enum(['readable', 'not_allowed', 'error', 'untested', 'refused']),
  /** A row about suggesting records of the type (the others are about reading them). */
  suggesting: z.boolean().optional(),
  message: z.string().optional(),
});
