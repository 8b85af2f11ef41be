// The IPC contract's push events (main -> window), each with the zod schema of its payload, and the
// menu commands main sends as one of them.
import { z } from 'zod';
import { offlineCopyStatusSchema } from './portfolio';
import { servicePaceSchema } from './service-pace';
import { COLLECTIONS, PROPOSAL_STATUSES } from './service';

export const MENU_COMMANDS = [
  'palette',
  'back',
  'forward',
  'refresh',
  'connections',
  'suggestions',
  'drafts',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

export const EVENTS = {
  'app.command': z.object({ command: z.enum(MENU_COMMANDS) }),
  'connections.changed': z.object({ activeId: z.string().nullable() }),
  'connectivity.changed': z.object({ online: z.boolean(), computerOnline: z.boolean(), since: z.string() }),
  /** The service slowed PropDesk down, or lets it go at full speed again (the active connection). */
  'connectivity.pace': servicePaceSchema,
  'exports.progress': z.object({
    exportId: z.string(),
    written: z.number().int().nonnegative(),
    state: z.enum(['running', 'done', 'cancelled', 'failed']),
    /** When done: the file written, to open or show by its ID (files.open), and its name. */
    savedId: z.string().optional(),
    name: z.string().optional(),
    message: z.string().optional(),
  }),
  /** A newly fetched contract differs from the cached one; lists the drafts it makes invalid. */
  'contract.changed': z.object({
    connectionId: z.string(),
    invalidDrafts: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        problemCount: z.number().int(),
        firstProblem: z.string(),
      }),
    ),
  }),
  /** A draft was edited, submitted or settled in main; null when several changed. */
  'drafts.changed': z.object({ draftId: z.string().nullable() }),
  /** Submissions waiting to be sent or whose outcome is not known yet. */
  'outbox.changed': z.object({ waiting: z.number().int().nonnegative(), online: z.boolean() }),
  'suggestions.changed': z.object({
    pending: z.number().int().nonnegative(),
    changes: z.array(
      z.object({ batchId: z.string(), proposalId: z.string(), status: z.enum(PROPOSAL_STATUSES) }),
    ),
  }),
  'offlineCopy.progress': offlineCopyStatusSchema,
  /** Records of the offline copy were rewritten as the service now holds them (an approved suggestion). */
  'copy.refreshed': z.object({ connectionId: z.string(), collections: z.array(z.enum(COLLECTIONS)) }),
  /** What a screen shows of a collection was just read again from the service (changed or not). */
  'copy.checked': z.object({
    connectionId: z.string(),
    collection: z.enum(COLLECTIONS),
    at: z.iso.datetime(),
  }),
  /** A Today figure asked of the service while the offline copy is made was answered (or refused). */
  'today.changed': z.object({ connectionId: z.string() }),
  /** The landlord's "since you last looked" mark moved (marked as seen, or set by a first copy). */
  'since.changed': z.object({ connectionId: z.string() }),
} as const;
export type EventName = keyof typeof EVENTS;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
export type EventPayload<E extends EventName> = z.infer<(typeof EVENTS)[E]>;
