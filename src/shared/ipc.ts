// THE IPC contract: every channel (domain.verb) with a zod schema for its arguments and its result,
// and (from ipc-events.ts) every push event (main -> renderer). Main, preload and renderer are all
// built from this table; the schemas' building blocks are in ipc-fields.ts and connection.ts.
import { z } from 'zod';
import { connectionSchema, keychainStatusSchema, scopeCheckSchema } from './connection';
import { crashReportSchema } from './crash-report';
import {
  changeLinkInputSchema,
  currentReadSchema,
  draftChangeInputSchema,
  draftDetailSchema,
  draftSummarySchema,
  preflightSchema,
  rentReviewPreviewSchema,
  rentReviewQuerySchema,
} from './drafts';
import {
  collectionQuery,
  currencyChoice,
  draftLabel,
  exportArgs,
  id,
  listPdfArgs,
  listSumArgs,
  noArgs,
  offlineMark,
  recordPageSchema,
  revision,
  serviceAddress,
  text,
} from './ipc-fields';
import { labelAnswerSchema, labelsResolveArgsSchema } from './label-refs';
import { tenantPlacesArgsSchema, tenantPlacesSchema } from './tenant-places';
import { noticeArgsSchema, noticePlanSchema } from './notice';
import {
  MAX_RENEWALS,
  renewalDraftAnswerSchema,
  renewalEditSchema,
  renewalPreviewSchema,
  renewalQuerySchema,
} from './renewals';
import { wholeSumSchema } from './list-sum';
import { permissionRefusalSchema } from './permissions';
import { suggestionsStateSchema } from './suggestions';
import { portfolioTableSchema, offlineCopyStatusSchema, freshnessChoiceSchema } from './portfolio';
import { SEARCH_MAX_HITS, searchAnswerSchema } from './search';
import {
  portfolioExportArgsSchema,
  portfolioPdfArgsSchema,
  portfolioViewArgsSchema,
} from './portfolio-focus';
import { BALANCE_COLLECTIONS, balanceSchema } from './balance';
import { portfolioOverviewSchema } from './portfolio-overview';
import { relatedRecordsSchema } from './related-records';
import { requestKindSchema } from './request-kind';
import { servicePaceSchema } from './service-pace';
import { todaySummarySchema } from './today';
import { sinceDigestSchema, sinceRecordsArgs, sinceRecordsSchema, sinceSeenArgs } from './since';
import { COLLECTIONS, MAX_CHANGES_PER_BATCH, recordSchema, RESOURCE_TYPES } from './service';

export { connectionSchema, scopeCheckSchema } from './connection';
export type { Connection } from './connection';
export { EVENT_NAMES, EVENTS, MENU_COMMANDS } from './ipc-events';
export type { EventName, EventPayload, MenuCommand } from './ipc-events';

function channel<A extends z.ZodType, R extends z.ZodType>(args: A, result: R) {
  return { args, result };
}

/**
 * What a save answers: `saved: false` when the dialog was cancelled; else the file's ID, to open or
 * show it by (files.open), and its name, with what was written.
 */
function savedAnswer<S extends z.ZodRawShape>(written: S) {
  return z.object({
    saved: z.boolean(),
    savedId: z.string().optional(),
    name: z.string().optional(),
    ...z.object(written).partial().shape,
  });
}

export const CHANNELS = {
  'app.info': channel(
    noArgs,
    z.object({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
      dataDir: z.string().optional(),
      /** Things the user must know about since start-up, e.g. a damaged database moved aside. */
      notices: z.array(z.object({ id: z.string(), message: z.string() })).default([]),
    }),
  ),
  /** A screen crashed in the window (caught by its error boundary): main writes it to its log. */
  'app.reportCrash': channel(crashReportSchema, z.object({ logged: z.literal(true) })),
  'connections.list': channel(
    noArgs,
    z.object({
      connections: z.array(connectionSchema),
      activeId: z.string().nullable(),
      keychain: keychainStatusSchema,
    }),
  ),
  'connections.add': channel(
    z.strictObject({
      name: text(100).trim().min(1, 'Give the connection a name'),
      baseUrl: serviceAddress,
      webOrigin: serviceAddress.nullable().optional(),
      apiKey: z
        .string()
        .min(8, 'That API key looks too short')
        .max(4096)
        .regex(/^\S+$/, 'An API key has no spaces'),
      currency: currencyChoice.optional(),
      /** Whether PropDesk keeps an offline copy of its records; asked before the first one is made. */
      keepCopy: z.boolean().optional(),
    }),
    connectionSchema,
  ),
  'connections.update': channel(
    z.strictObject({
      id,
      name: text(100).trim().min(1).optional(),
      baseUrl: serviceAddress.optional(),
      webOrigin: serviceAddress.nullable().optional(),
      apiKey: z.string().min(8).max(4096).regex(/^\S+$/).optional(),
      currency: currencyChoice.optional(),
    }),
    connectionSchema,
  ),
  'connections.remove': channel(z.strictObject({ id }), z.object({ removed: z.literal(true) })),
  'connections.switch': channel(z.strictObject({ id }), connectionSchema),
  'connections.test': channel(z.strictObject({ id }), z.object({ checks: z.array(scopeCheckSchema) })),
  /**
   * The record types each connection's key was refused suggestions for (a missing permission), said
   * before drafting more of them until one is accepted or the key changes.
   */
  'connections.refusals': channel(noArgs, z.object({ refusals: z.array(permissionRefusalSchema) })),
  /**
   * How long the demo organisation's suggestions wait for review before they expire (seconds; null:
   * the service's own week). Setting it restarts the demo service with it.
   */
  'connections.demoExpiry': channel(noArgs, z.object({ seconds: z.number().int().positive().nullable() })),
  'connections.setDemoExpiry': channel(
    z.strictObject({ seconds: z.number().int().min(60).max(604_800).nullable() }),
    z.object({ seconds: z.number().int().positive().nullable() }),
  ),
  'collections.list': channel(
    collectionQuery,
    recordPageSchema.extend({
      offline: offlineMark,
      /** Rows in the whole list, when it was read from the copy in an order of the app's. */
      total: z.number().int().nonnegative().optional(),
      /** Payments: each one's property by its lease and unit, from the offline copy (PropDesk's reading). */
      properties: z.record(z.string(), z.string().nullable()).optional(),
    }),
  ),
  /**
   * The count and total of every record a filtered list matches, from a complete offline copy;
   * `sum: null` without one (the screen then adds up what it has loaded).
   */
  'collections.sum': channel(listSumArgs, z.object({ sum: wholeSumSchema.nullable() })),
  /**
   * Saves every record a filtered list matches (not only the rows on screen) as a PDF: main asks
   * where, reads the whole listing, and prints the columns shown with the filters in words and the
   * total; saved: false when cancelled.
   */
  'collections.savePdf': channel(
    listPdfArgs,
    savedAnswer({ rows: z.number().int(), pages: z.number().int() }),
  ),
  'collections.get': channel(
    z.strictObject({ collection: z.enum(COLLECTIONS), id }),
    z.object({ record: recordSchema, offline: offlineMark }),
  ),
  /** A record's page: the record and the records that point to it. */
  'records.related': channel(
    z.strictObject({ collection: z.enum(COLLECTIONS), id }),
    relatedRecordsSchema.extend({ offline: offlineMark }),
  ),
  'exports.start': channel(
    exportArgs,
    z.object({ started: z.boolean(), exportId: z.string().optional(), name: z.string().optional() }),
  ),
  /** Opens a file PropDesk saved in this session, by the ID main gave it; the window never names a path. */
  'files.open': channel(z.strictObject({ savedId: id }), z.object({ opened: z.literal(true) })),
  /** Shows a file PropDesk saved in this session in its folder. */
  'files.showInFolder': channel(z.strictObject({ savedId: id }), z.object({ shown: z.literal(true) })),
  /** What a tenant, a lease or a property's tenants owe: the Delinquency view's estimate. */
  'records.balance': channel(z.strictObject({ collection: z.enum(BALANCE_COLLECTIONS), id }), balanceSchema),
  'exports.cancel': channel(z.strictObject({ exportId: id }), z.object({ cancelled: z.boolean() })),
  'contract.get': channel(
    noArgs,
    z.object({
      doc: z.unknown(),
      hash: z.string(),
      fetchedAt: z.string(),
      source: z.enum(['network', 'cache']),
    }),
  ),
  'connectivity.status': channel(
    noArgs,
    z.object({ online: z.boolean(), computerOnline: z.boolean(), since: z.string() }),
  ),
  /** How the active connection's service paces PropDesk now (see connectivity.pace events). */
  'connectivity.pace': channel(noArgs, servicePaceSchema),
  /**
   * "Try now": lifts the wait the service asked for on one kind of the active connection's requests,
   * and sends what waited for it (the outbox's submissions, the poll, the offline copy) at once.
   */
  'connectivity.tryNow': channel(z.strictObject({ kind: requestKindSchema }), servicePaceSchema),
  'drafts.list': channel(noArgs, z.object({ drafts: z.array(draftSummarySchema) })),
  'drafts.get': channel(z.strictObject({ id }), draftDetailSchema),
  'drafts.create': channel(
    z.strictObject({
      label: draftLabel,
      changes: z.array(draftChangeInputSchema).max(MAX_CHANGES_PER_BATCH).default([]),
      /** Fields of these changes that name a record another of them creates (a new tenancy's lease). */
      links: z.array(changeLinkInputSchema).max(MAX_CHANGES_PER_BATCH).optional(),
    }),
    draftDetailSchema,
  ),
  'drafts.rename': channel(z.strictObject({ id, label: draftLabel }), draftDetailSchema),
  'drafts.remove': channel(z.strictObject({ id }), z.object({ removed: z.literal(true) })),
  /** Adds a change, or replaces the one with the same id; saved at once. */
  'drafts.putChange': channel(
    z.strictObject({ draftId: id, change: draftChangeInputSchema, revision: revision.optional() }),
    draftDetailSchema,
  ),
  /** Adds many changes in one transaction (CSV import): all of them or none. */
  'drafts.addChanges': channel(
    z.strictObject({
      draftId: id,
      changes: z.array(draftChangeInputSchema).min(1).max(MAX_CHANGES_PER_BATCH),
    }),
    draftDetailSchema,
  ),
  'drafts.removeChange': channel(z.strictObject({ draftId: id, changeId: id }), draftDetailSchema),
  /**
   * Links a field of a change to the record another change of the draft creates (filled in once it
   * exists), or unlinks it (sourceChangeId null); saved at once.
   */
  'drafts.link': channel(
    z.strictObject({
      draftId: id,
      changeId: id,
      field: id,
      sourceChangeId: id.nullable(),
      revision: revision.optional(),
    }),
    draftDetailSchema,
  ),
  /** The landlord says which record a waiting field's earlier part created; it is filled in. */
  'drafts.chooseCreated': channel(
    z.strictObject({ draftId: id, changeId: id, field: id, recordId: id }),
    draftDetailSchema,
  ),
  /** Reads again the records that updates about to be drafted name (a CSV import), a few at a time. */
  'drafts.readCurrent': channel(
    z.strictObject({
      resourceType: z.enum(RESOURCE_TYPES),
      ids: z.array(id).min(1).max(MAX_CHANGES_PER_BATCH),
    }),
    z.object({ records: z.array(currentReadSchema) }),
  ),
  /** Checks a draft before it is sent: the contract, the batch rules, and records changed since drafting. */
  'drafts.preflight': channel(z.strictObject({ id }), preflightSchema),
  /** Freezes the draft and queues it in the outbox with its Idempotency-Key and exact body. */
  'drafts.submit': channel(z.strictObject({ id, revision }), draftDetailSchema),
  /** Withdraws a queued submission that was never sent; the draft becomes editable again. */
  'drafts.cancelSubmission': channel(z.strictObject({ id }), draftDetailSchema),
  /**
   * The draft's submission is held because its connection moved to another server: main asks in its
   * own message box whether the held submissions may go there, and acts on the answer itself.
   */
  'drafts.releaseHeld': channel(z.strictObject({ id }), draftDetailSchema),
  'rentReview.preview': channel(rentReviewQuerySchema, rentReviewPreviewSchema),
  'rentReview.create': channel(
    z.strictObject({
      query: rentReviewQuerySchema,
      label: draftLabel,
      /** The leases the user kept in the preview; every included one when absent. */
      leaseIds: z.array(id).max(100_000).optional(),
    }),
    z.object({ draftIds: z.array(z.string()) }),
  ),
  /** The renewal of every lease asked for: the new lease's term, rent and deposit, or why it is skipped. */
  'renewals.preview': channel(renewalQuerySchema, renewalPreviewSchema),
  /**
   * Drafts the renewals as the landlord left them in the preview, after reading each lease live: a
   * lease changed at the service since stops it, and the preview comes back as the service has it.
   */
  'renewals.draft': channel(
    z.strictObject({
      query: renewalQuerySchema,
      label: draftLabel,
      rows: z.array(renewalEditSchema).min(1).max(MAX_RENEWALS),
    }),
    renewalDraftAnswerSchema,
  ),
  /** What a tenant's notice on this lease may suggest: its end, the unit's status, its asking rent. */
  'notice.plan': channel(z.strictObject({ leaseId: id }), noticePlanSchema),
  /** Drafts a tenant's notice as one batch, in a new draft. */
  'notice.draft': channel(noticeArgsSchema.extend({ label: draftLabel }), draftDetailSchema),
  'suggestions.list': channel(noArgs, suggestionsStateSchema),
  /** The suggestions service screen is open (poll faster) or closed. */
  'suggestions.watch': channel(z.strictObject({ open: z.boolean() }), z.object({ open: z.boolean() })),
  'suggestions.refresh': channel(noArgs, suggestionsStateSchema),
  /**
   * The landlord says which record an applied create made, among those offered (the service did not
   * say); the suggestion then names it.
   */
  'suggestions.chooseCreated': channel(
    z.strictObject({ proposalId: id, recordId: id }),
    z.object({ chosen: z.literal(true) }),
  ),
  /** Clones dismissed or expired proposals (or a whole batch) into a new draft. */
  'suggestions.redraft': channel(
    z.strictObject({ batchId: id, proposalIds: z.array(id).min(1).max(MAX_CHANGES_PER_BATCH).optional() }),
    draftDetailSchema,
  ),
  /**
   * Opens a batch's review page in the browser after checking its address; the renderer sends no URL.
   * An origin not yet trusted for the connection is put to the user in main's own message box.
   */
  'review.open': channel(
    z.strictObject({ batchId: id }),
    z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('opened'), origin: z.string() }),
      /** The user chose not to trust the address's origin: nothing was opened. */
      z.object({ outcome: z.literal('declined'), origin: z.string() }),
    ]),
  ),
  /** The offline copy of the active connection: per collection as-of times, a running update's progress. */
  'offlineCopy.status': channel(noArgs, offlineCopyStatusSchema),
  /** Starts or resumes the update in the background; progress arrives as offlineCopy.progress events. */
  'offlineCopy.start': channel(noArgs, offlineCopyStatusSchema),
  'offlineCopy.cancel': channel(noArgs, offlineCopyStatusSchema),
  /** keep: false keeps no offline copy: a running update stops and the stored copy is deleted. */
  'offlineCopy.setKeepCopy': channel(z.strictObject({ keep: z.boolean() }), offlineCopyStatusSchema),
  /** Deletes every stored record of the active connection. */
  'offlineCopy.forget': channel(noArgs, offlineCopyStatusSchema),
  /** How often the copy lists each collection again by itself (freshness-policy.ts). */
  'offlineCopy.schedule': channel(noArgs, z.object({ choice: freshnessChoiceSchema })),
  'offlineCopy.setSchedule': channel(
    z.strictObject({ choice: freshnessChoiceSchema }),
    z.object({ choice: freshnessChoiceSchema }),
  ),
  /**
   * Searches the text of the offline copy by word prefixes (ignoring case and accents); text that is
   * one record ID is also looked up in the service. `limit`: most hits per collection.
   */
  'search.query': channel(
    z.strictObject({
      text: text(200),
      limit: z.number().int().min(1).max(SEARCH_MAX_HITS).optional(),
    }),
    searchAnswerSchema,
  ),
  'portfolio.view': channel(portfolioViewArgsSchema, portfolioTableSchema),
  /** The figures of the overview's charts, from the offline copy. */
  'portfolio.overview': channel(noArgs, portfolioOverviewSchema),
  /** Today's figures: what needs the landlord, from the offline copy and the tracked suggestions. */
  'portfolio.today': channel(noArgs, todaySummarySchema),
  /** What changed at the service since the landlord last looked, counted per kind. */
  'since.digest': channel(noArgs, sinceDigestSchema),
  /** A page of the records behind one line of that digest, from the offline copy. */
  'since.records': channel(sinceRecordsArgs, sinceRecordsSchema),
  /** "Mark as seen": the mark moves to the digest the landlord saw; answers the digest from there. */
  'since.seen': channel(sinceSeenArgs, sinceDigestSchema),
  'portfolio.export': channel(portfolioExportArgsSchema, savedAnswer({ rows: z.number().int() })),
  /** Words for referenced records (a unit as "<property> · <unit>"), from the copy or main's memory. */
  'labels.resolve': channel(labelsResolveArgsSchema, labelAnswerSchema),
  /**
   * Where tenants rent: the unit of each one's running lease, named "<property> · <unit>", from the
   * copy or, without one, read from the service for the first few tenants asked.
   */
  'labels.places': channel(tenantPlacesArgsSchema, tenantPlacesSchema),
  /**
   * Saves what the window shows of the portfolio as a PDF: main asks where, prints the window and writes
   * the file. The view names the file and decides the orientation; saved: false when cancelled.
   */
  'portfolio.savePdf': channel(portfolioPdfArgsSchema, savedAnswer({ pages: z.number().int() })),
} as const;

export type ChannelName = keyof typeof CHANNELS;
export const CHANNEL_NAMES = Object.keys(CHANNELS) as ChannelName[];
export type ChannelArgs<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['args']>;
export type ChannelParsedArgs<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['args']>;
export type ChannelResult<C extends ChannelName> = z.infer<(typeof CHANNELS)[C]['result']>;
