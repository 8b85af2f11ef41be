// "Since you last looked": the kinds of change Today tells a landlord of after a time away, and the
// shapes of the digest and of the records behind one of its lines as they cross IPC.
import { z } from 'zod';
import { COLLECTIONS, PROPOSAL_STATUSES } from './service';

/** The kinds of change in records, in the order Today lists them: what wants action first. */
const RECORD_CHANGES = [
  'maintenance_opened',
  'payments_late',
  'leases_ending',
  'units_vacant',
  'documents_unverified',
  'documents_added',
  'payments_paid',
  'maintenance_closed',
] as const;

/** Each kind of change, in the order Today lists them; the rest of the records' changes come last. */
export const SINCE_KINDS = [...RECORD_CHANGES, 'suggestions_decided', 'records_changed'] as const;
export type SinceKind = (typeof SINCE_KINDS)[number];

/** The kinds whose line opens a list of records (the decided suggestions open the Suggestions screen). */
export const SINCE_RECORD_KINDS = [...RECORD_CHANGES, 'records_changed'] as const;
export type SinceRecordKind = (typeof SINCE_RECORD_KINDS)[number];

/** How near its end a lease is to be told of, in days (Today's wider window). */
export const SINCE_ENDING_DAYS = 60;

/** The decided suggestions a digest names one by one; more are counted. */
export const SINCE_DECIDED_SHOWN = 20;

/** The records of one line a page of `since.records` holds at most. */
export const SINCE_PAGE_MAX = 100;

const count = z.number().int().nonnegative();
const id = z.string().max(200);

export const sinceLineSchema = z.object({
  kind: z.enum(SINCE_KINDS),
  count,
  /** Of maintenance newly opened: those of the most urgent priorities (high or more pressing). */
  urgent: count,
});
export type SinceLine = z.infer<typeof sinceLineSchema>;

export const sinceDecidedSchema = z.object({
  proposalId: id,
  batchId: id,
  summary: z.string().max(1000),
  status: z.enum(PROPOSAL_STATUSES),
  /** Who approved or dismissed it, where the contract has a field that says; null otherwise. */
  decidedBy: z.string().max(200).nullable(),
});
export type SinceDecided = z.infer<typeof sinceDecidedSchema>;

export const sinceDigestSchema = z.object({
  connectionId: id,
  /** When the landlord last looked; null until the first copy set it. */
  markedAt: z.string().nullable(),
  /** When the digest was worked out: "Mark as seen" moves the mark here, not past what was shown. */
  asOf: z.string(),
  /** Kinds with at least one record, in SINCE_KINDS order. */
  lines: z.array(sinceLineSchema).max(SINCE_KINDS.length),
  /** Suggestions decided since the mark, newest first, at most SINCE_DECIDED_SHOWN. */
  decided: z.array(sinceDecidedSchema).max(SINCE_DECIDED_SHOWN),
  /** Changes found by an update still under way or stopped half way: counted once it ends. */
  waiting: count,
});
export type SinceDigest = z.infer<typeof sinceDigestSchema>;

export const sinceRecordsArgs = z.strictObject({
  kind: z.enum(SINCE_RECORD_KINDS),
  offset: z.number().int().nonnegative().max(10_000_000),
  limit: z.number().int().positive().max(SINCE_PAGE_MAX),
});

/** One record behind a line: its collection and ID, named on screen by the shared label rule. */
export const sinceRecordSchema = z.object({ collection: z.enum(COLLECTIONS), id });
export type SinceRecord = z.infer<typeof sinceRecordSchema>;

export const sinceRecordsSchema = z.object({
  kind: z.enum(SINCE_RECORD_KINDS),
  total: count,
  offset: count,
  records: z.array(sinceRecordSchema).max(SINCE_PAGE_MAX),
});
export type SinceRecords = z.infer<typeof sinceRecordsSchema>;

export const sinceSeenArgs = z.strictObject({ upTo: z.iso.datetime() });
