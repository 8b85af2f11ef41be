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
  /**
   * Where its key is: stored in the keychain; held until PropDesk quits (the keychain refused it);
   * lost (refused, and PropDesk has quit since: enter it again); unavailable (the keychain cannot be
   * read now); none.
   */
  keyState: z.enum(['stored', 'session', 'lost', 'unavailable', 'none']),
  /** The currency the service's amounts are in (ISO 4217). */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** chosen for this connection, or taken from this computer's region. */
  currencySource: z.enum(['chosen', 'region']),
});
export type Connection = z.infer<typeof connectionSchema>;

export const keychainStatusSchema = z.object({
  /** Every key given is kept by the keychain across restarts. */
  persistent: z.boolean(),
  /** What the keychain refused and what to do, in plain words. */
  problem: z.string().optional(),
  /** Keys of removed or moved connections the keychain would not delete yet. */
  undeleted: z.number().int().nonnegative(),
});

export const scopeCheckSchema = z.object({
  target: z.string(),
  scope: z.string(),
  outcome: z.enum(['readable', 'not_allowed', 'error', 'untested', 'refused']),
  /** A row about suggesting records of the type (the others are about reading them). */
  suggesting: z.boolean().optional(),
  message: z.string().optional(),
});
