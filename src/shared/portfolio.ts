// Shapes of the offline copy's update status and of the portfolio views computed from it, shared by
// the IPC contract, main and the renderer. Views are plain tables (columns + rows) so one screen and
// one CSV writer serve all six; the overview's charts are in portfolio-overview.ts.
import { z } from 'zod';
import { COLLECTIONS } from './service/collections';

export const PORTFOLIO_VIEWS = [
  'rent-roll',
  'expirations',
  'vacancy',
  'delinquency',
  'maintenance',
  'income',
] as const;
export type PortfolioViewName = (typeof PORTFOLIO_VIEWS)[number];
/** What "Save as PDF" prints: the overview's charts or one of the views. */
export const PORTFOLIO_PDF_VIEWS = ['overview', ...PORTFOLIO_VIEWS] as const;
export type PortfolioPdfView = (typeof PORTFOLIO_PDF_VIEWS)[number];

/** Where an update stands with one collection: being read, read to its end, or stopped by a failure. */
export const COLLECTION_RUN_STATES = ['reading', 'done', 'failed'] as const;

export const collectionOfflineCopySchema = z.object({
  collection: z.enum(COLLECTIONS),
  /** When the complete copy in use was fetched (the start of its listing); null when there is none. */
  asOf: z.string().nullable(),
  /** Records in the complete copy in use. */
  count: z.number().int().nonnegative(),
  /** A listing in progress or interrupted: records stored so far and whether it can resume. */
  pending: z
    .object({ fetched: z.number().int().nonnegative(), startedAt: z.string(), resumable: z.boolean() })
    .nullable(),
  /**
   * The update running or last run, for this collection: every collection is read at once, so the
   * screens say which are in. Absent before any update of this session.
   */
  run: z.object({ state: z.enum(COLLECTION_RUN_STATES), fetched: z.number().int().nonnegative() }).optional(),
});
export type CollectionOfflineCopy = z.infer<typeof collectionOfflineCopySchema>;

/**
 * How often the offline copy lists each collection again by itself: every few minutes (a small
 * collection within 5 minutes, a large one within the hour), hourly, daily, or only when asked.
 */
export const FRESHNESS_CHOICES = ['minutes', 'hourly', 'daily', 'asked'] as const;
export type FreshnessChoice = (typeof FRESHNESS_CHOICES)[number];
export const freshnessChoiceSchema = z.enum(FRESHNESS_CHOICES);

export const SYNC_STATES = ['idle', 'running', 'done', 'cancelled', 'failed'] as const;
export type OfflineCopyState = (typeof SYNC_STATES)[number];

export const offlineCopyStatusSchema = z.object({
  connectionId: z.string(),
  keepCopy: z.boolean(),
  state: z.enum(SYNC_STATES),
  /** The first of the collections still being read while running (each collection's `run` says more). */
  current: z.enum(COLLECTIONS).nullable(),
  /** 0..1, estimated: whole collections done plus the current one against its last known size. */
  progress: z.number().min(0).max(1),
  /** Records fetched by this run so far. */
  fetched: z.number().int().nonnegative(),
  /** Plain words for the user: what happened last (a failure, a restart of a collection …). */
  message: z.string().nullable(),
  notes: z.array(z.string()),
  /** What the copy may hold at most, in words (its budget: records and bytes, per collection and in all). */
  budget: z.string(),
  collections: z.array(collectionOfflineCopySchema),
});
export type OfflineCopyStatus = z.infer<typeof offlineCopyStatusSchema>;

/** `id`: a record's ID, written to the CSV so a spreadsheet can tell namesakes apart; not shown on screen. */
export const PORTFOLIO_CELL_KINDS = ['text', 'money', 'date', 'integer', 'days', 'status', 'id'] as const;
export type PortfolioCellKind = (typeof PORTFOLIO_CELL_KINDS)[number];

export const portfolioColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(PORTFOLIO_CELL_KINDS),
});
export type PortfolioColumn = z.infer<typeof portfolioColumnSchema>;

export const portfolioCellSchema = z.union([z.string(), z.number(), z.null()]);
export type PortfolioCell = z.infer<typeof portfolioCellSchema>;

/** A record a row or heading stands for: what Enter or a double-click opens. */
export const portfolioRecordSchema = z.object({ collection: z.enum(COLLECTIONS), id: z.string() });
export type PortfolioRecord = z.infer<typeof portfolioRecordSchema>;

export const portfolioRowSchema = z.object({
  /** The record the row is about (unit, lease, payment group, request). */
  id: z.string(),
  /** The words of the group heading the row is shown under (property, bucket, tenant …). */
  group: z.string(),
  /**
   * What rows are grouped by: the ID of the group's record (a tenant's, a property's), so two tenants
   * of one name are two groups; the heading itself for groups that are not records (a bucket).
   */
  groupKey: z.string(),
  /** A second line under the heading telling namesakes apart (an email, an address); null for none. */
  groupNote: z.string().nullable(),
  /** The record the row opens. */
  opens: portfolioRecordSchema.nullable(),
  cells: z.record(z.string(), portfolioCellSchema),
  /** A marker the screen shows, e.g. "vacant". */
  flag: z.string().nullable(),
});
export type PortfolioRow = z.infer<typeof portfolioRowSchema>;

export const portfolioTableSchema = z.object({
  view: z.enum(PORTFOLIO_VIEWS),
  title: z.string(),
  /** What the rows are grouped by (the first column of the CSV). */
  groupLabel: z.string(),
  /** The oldest as-of time of the collections the view reads; null when one has no copy. */
  asOf: z.string().nullable(),
  /** The day the view counts ages and windows from (YYYY-MM-DD). */
  today: z.string(),
  /**
   * The day chosen to see the view as of (YYYY-MM-DD), null for today. The copy holds today's records
   * only, so a view as of another day is an estimate from lease and due dates, and says so.
   */
  asOfDay: z.string().nullable(),
  /** Collections the view needs that have no complete offline copy yet. */
  missing: z.array(z.enum(COLLECTIONS)),
  /**
   * Set when the view is narrowed to one chart mark's rows: what it is narrowed to (a property's name,
   * a priority, a month as YYYY-MM …) and how many rows that leaves.
   */
  focus: z.object({ label: z.string(), shown: z.number().int().nonnegative() }).nullable(),
  /**
   * The period a view of money received covers (income by property), with its days and the basis
   * its figures are on; null for the views of one day.
   */
  period: z
    .object({
      /** "2025", "2025-Q3", "2025-07" (income-period.ts). */
      text: z.string(),
      /** "2025", "Q3 2025", "July 2025". */
      words: z.string(),
      from: z.string(),
      to: z.string(),
      basis: z.string(),
    })
    .nullable(),
  /** False where each row is a group of its own (a property's income): no group headings are shown. */
  groupHeadings: z.boolean(),
  /** What the view could not show, and what it estimates, in plain words. */
  notes: z.array(z.string()),
  columns: z.array(portfolioColumnSchema),
  rows: z.array(portfolioRowSchema),
  /** The totals row: each money column's key with its sum over every row. */
  totals: z.record(z.string(), z.number()),
  summary: z.array(z.object({ label: z.string(), value: z.number(), kind: z.enum(PORTFOLIO_CELL_KINDS) })),
});
export type PortfolioTable = z.infer<typeof portfolioTableSchema>;
