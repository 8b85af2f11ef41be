// What happened to a database that could not be used as it was, and how the user is told, once, at
// start-up: why, what was kept and what was lost by kind, and where the damaged file is kept.
import { z } from 'zod';

export const storeRecoverySchema = z.object({
  /** Why, in plain words. */
  reason: z.string(),
  /** What SQLite said, for the log. */
  detail: z.string(),
  /** Where the damaged file was moved (kept for support), when it was. */
  movedTo: z.string().optional(),
  /** What came through, by kind, in words ("2 connections"); empty when nothing could be read. */
  kept: z.array(z.string()),
  /** What was lost, by kind, in words. */
  lost: z.array(z.string()),
});
export type StoreRecovery = z.infer<typeof storeRecoverySchema>;

/** The settings key under which a recovery waits to be told, written with the recovered file itself. */
export const RECOVERED_KEY = 'databaseRecovered';

export function listWords(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** What a file that could not be read at all lost. */
export const EVERYTHING = 'everything it held';

/** What the user is told about a recovered database, once, at start-up. */
export function recoveryNotice(recovered: StoreRecovery): string {
  const kept = recovered.kept.length ? listWords(recovered.kept) : undefined;
  const lost = recovered.lost.length ? listWords(recovered.lost) : undefined;
  if (!recovered.movedTo)
    return `Part of PropDesk's database was damaged (${recovered.reason}). PropDesk deleted ${lost ?? 'it'} and kept ${kept ?? 'everything else'}.`;
  const where = `The damaged file was moved aside to ${recovered.movedTo} and is kept for support.`;
  if (recovered.lost.includes(EVERYTHING))
    return `PropDesk could not read its database (${recovered.reason}), so it started a fresh one. Add your connections again. ${where}`;
  return `PropDesk's database was damaged (${recovered.reason}), so PropDesk started a fresh one and carried over what it could read. Kept: ${kept ?? 'none of your connections, drafts or tracked suggestions'}. Lost: ${lost ?? 'nothing else'}. ${where}`;
}
