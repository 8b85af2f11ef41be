// Fuzzes every IPC channel with fast-check: 10,000 calls. Arguments are built in two classes with
// an oracle of their own (not the contract's schemas): valid ones, which every channel must accept,
// and broken ones (wrong types, unknown keys, unknown filters, control characters, oversize values),
// which must be refused before any handler runs. The dispatcher must never throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/main/ipc/dispatch';
import type { HandlerTable } from '../../../../src/main/ipc/dispatch';
import { CHANNEL_NAMES } from '../../../../src/shared/ipc';
import type { ChannelName } from '../../../../src/shared/ipc';
import { COLLECTIONS, COLLECTION_FILTERS } from '../../../../src/shared/service';
import { SINCE_RECORD_KINDS } from '../../../../src/shared/since';
import { brokenFocusArgs, portfolioViewArgs } from './portfolio-args';

const trusted = { isMainFrame: true, url: 'file:///app/index.html' };
const isTrusted = (s: typeof trusted | null | undefined) => s?.isMainFrame === true && s.url === trusted.url;

const idArb = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/);
const safeText = fc.stringMatching(/^[A-Za-z0-9 ,.'-]{1,60}$/).filter((s) => s.trim().length > 0);
const url = fc.constantFrom('https://pm.example.com', 'https://pm.example.com/api', 'http://127.0.0.1:4010');
const apiKey = fc.stringMatching(/^pdk_[A-Za-z0-9]{20,40}$/);
const collection = fc.constantFrom(...COLLECTIONS);
const filtersFor = (c: (typeof COLLECTIONS)[number]) =>
  fc.dictionary(fc.constantFrom(...Object.keys(COLLECTION_FILTERS[c])), safeText, { maxKeys: 3 });
const collectionWithFilters = collection.chain((c) =>
  fc.record({ collection: fc.constant(c), filters: filtersFor(c) }),
);

/** A filtered payments list as the screen sums it. */
const paymentsQuery = fc.record({ collection: fc.constant('payments'), filters: filtersFor('payments') });

const resourceType = fc.constantFrom('property', 'unit', 'tenant', 'lease', 'payment', 'maintenance_request');
const changeIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const fieldsArb = fc.dictionary(
  fc.stringMatching(/^[a-z][a-z_]{0,20}$/),
  fc.oneof(fc.integer(), safeText, fc.boolean(), fc.constant(null)),
  { maxKeys: 4 },
);
const changeArb = fc.oneof(
  fc.record({ operation: fc.constant('create'), resourceType, fields: fieldsArb }),
  fc.record(
    { id: changeIdArb, operation: fc.constant('update'), resourceType, resourceId: idArb, fields: fieldsArb },
    { requiredKeys: ['operation', 'resourceType', 'resourceId', 'fields'] },
  ),
);
const rentQueryArb = fc.record({
  leaseFilters: fc.record({ status: safeText, end_date: fc.constant('2027-01-31') }, { requiredKeys: [] }),
  rentField: fc.constant('monthly_rent'),
  rule: fc.oneof(
    fc.record({ kind: fc.constant('flat'), amount: fc.integer({ min: -500, max: 500 }) }),
    fc.record({ kind: fc.constant('percent'), percent: fc.double({ min: -50, max: 100, noNaN: true }) }),
    fc.record({ kind: fc.constant('market') }),
  ),
  neverAboveMarket: fc.constant(false),
  rounding: fc.record({
    step: fc.constantFrom(0.01, 1, 5, 10, 25, 50, 100),
    mode: fc.constantFrom('nearest', 'up', 'down'),
  }),
});
const renewalQueryArb = fc.record({
  leases: fc.oneof(
    fc.record({ ids: fc.array(idArb, { minLength: 1, maxLength: 5 }) }),
    fc.record({ filters: fc.record({ status: safeText, unit_id: idArb }, { requiredKeys: [] }) }),
  ),
  term: fc.oneof(
    fc.constant({ kind: 'same' }),
    fc.record({ kind: fc.constant('months'), months: fc.integer({ min: 1, max: 120 }) }),
  ),
  rule: rentQueryArb.map((q) => q.rule),
  rounding: rentQueryArb.map((q) => q.rounding),
});
const renewalEditArb = fc.record({
  leaseId: idArb,
  tenantId: idArb,
  unitId: idArb,
  start: fc.constantFrom('2027-01-01', '2027-02-28'),
  end: fc.constantFrom('2027-12-31', '2028-02-29'),
  rent: fc.integer({ min: 0, max: 5000 }),
  deposit: fc.double({ min: 0, max: 5000, noNaN: true }),
});

/** Valid arguments per channel, built independently of the contract's zod schemas. */
const VALID: Record<ChannelName, fc.Arbitrary<unknown>> = {
  'app.info': fc.constant({}),
  'app.reportCrash': fc.record(
    {
      message: fc.string({ maxLength: 300 }),
      stack: fc.string({ maxLength: 2000 }),
      componentStack: fc.string({ maxLength: 2000 }),
    },
    { requiredKeys: ['message'] },
  ),
  'connections.list': fc.constant({}),
  'connections.add': fc.record({ name: safeText, baseUrl: url, apiKey }),
  'connections.update': fc.record({ id: idArb, name: safeText }, { requiredKeys: ['id'] }),
  'connections.remove': fc.record({ id: idArb }),
  'connections.switch': fc.record({ id: idArb }),
  'connections.test': fc.record({ id: idArb }),
  'connections.refusals': fc.constant({}),
  'connections.demoExpiry': fc.constant({}),
  'connections.setDemoExpiry': fc.record({
    seconds: fc.oneof(fc.constant(null), fc.integer({ min: 60, max: 604_800 })),
  }),
  'collections.list': collectionWithFilters.chain((base) =>
    fc
      .record(
        { cursor: fc.stringMatching(/^[A-Za-z0-9._-]{1,80}$/), limit: fc.integer({ min: 1, max: 100 }) },
        { requiredKeys: [] },
      )
      .map((extra) => ({ ...base, ...extra })),
  ),
  'collections.get': fc.record({ collection, id: idArb }),
  'collections.sum': paymentsQuery,
  'collections.savePdf': paymentsQuery.map((v) => ({
    ...v,
    own: { property: 'p-1', received_from: '2025-01-01' },
    columns: [
      { name: 'amount', label: 'Amount' },
      { name: 'property_id', label: 'Property (by lease)' },
    ],
  })),
  'records.related': fc.record({ collection, id: idArb }),
  'records.balance': fc.record({ collection: fc.constantFrom('tenants', 'leases', 'properties'), id: idArb }),
  'files.open': fc.record({ savedId: idArb }),
  'files.showInFolder': fc.record({ savedId: idArb }),
  'exports.start': collectionWithFilters,
  'exports.cancel': fc.record({ exportId: idArb }),
  'contract.get': fc.constant({}),
  'connectivity.status': fc.constant({}),
  'connectivity.pace': fc.constant({}),
  'connectivity.tryNow': fc.record({
    kind: fc.oneof(
      fc.record({
        method: fc.constant('GET'),
        collection: fc.constantFrom(...COLLECTIONS, 'proposals', 'openapi.json'),
      }),
      fc.constant({ method: 'POST', collection: 'proposals' }),
    ),
  }),
  'drafts.list': fc.constant({}),
  'drafts.get': fc.record({ id: idArb }),
  'drafts.create': fc.record(
    { label: safeText, changes: fc.array(changeArb, { maxLength: 3 }) },
    { requiredKeys: ['label'] },
  ),
  'drafts.rename': fc.record({ id: idArb, label: safeText }),
  'drafts.remove': fc.record({ id: idArb }),
  'drafts.putChange': fc.record(
    { draftId: idArb, change: changeArb, revision: fc.nat() },
    { requiredKeys: ['draftId', 'change'] },
  ),
  'drafts.addChanges': fc.record({
    draftId: idArb,
    changes: fc.array(changeArb, { minLength: 1, maxLength: 3 }),
  }),
  'drafts.removeChange': fc.record({ draftId: idArb, changeId: changeIdArb }),
  'drafts.link': fc.record(
    {
      draftId: idArb,
      changeId: idArb,
      field: idArb,
      sourceChangeId: fc.oneof(fc.constant(null), idArb),
      revision: fc.nat(),
    },
    { requiredKeys: ['draftId', 'changeId', 'field', 'sourceChangeId'] },
  ),
  'drafts.chooseCreated': fc.record({ draftId: idArb, changeId: idArb, field: idArb, recordId: idArb }),
  'drafts.readCurrent': fc.record({ resourceType, ids: fc.array(idArb, { minLength: 1, maxLength: 5 }) }),
  'drafts.preflight': fc.record({ id: idArb }),
  'drafts.submit': fc.record({ id: idArb, revision: fc.nat() }),
  'drafts.cancelSubmission': fc.record({ id: idArb }),
  'drafts.releaseHeld': fc.record({ id: idArb }),
  'rentReview.preview': rentQueryArb,
  'rentReview.create': fc.record(
    { query: rentQueryArb, label: safeText, leaseIds: fc.array(idArb, { maxLength: 5 }) },
    { requiredKeys: ['query', 'label'] },
  ),
  'renewals.preview': renewalQueryArb,
  'renewals.draft': fc.record({
    query: renewalQueryArb,
    label: safeText,
    rows: fc.array(renewalEditArb, { minLength: 1, maxLength: 3 }),
  }),
  'notice.plan': fc.record({ leaseId: idArb }),
  'notice.draft': fc.record(
    {
      leaseId: idArb,
      endDate: fc.constantFrom('2027-01-31', '2026-12-01'),
      unitStatus: fc.boolean(),
      askingRent: fc.integer({ min: 0, max: 9000 }),
      label: safeText,
    },
    { requiredKeys: ['leaseId', 'endDate', 'unitStatus', 'label'] },
  ),
  'suggestions.list': fc.constant({}),
  'suggestions.watch': fc.record({ open: fc.boolean() }),
  'suggestions.refresh': fc.constant({}),
  'suggestions.chooseCreated': fc.record({ proposalId: idArb, recordId: idArb }),
  'suggestions.redraft': fc.record(
    { batchId: idArb, proposalIds: fc.array(idArb, { minLength: 1, maxLength: 5 }) },
    { requiredKeys: ['batchId'] },
  ),
  'review.open': fc.record({ batchId: idArb }),
  'offlineCopy.status': fc.constant({}),
  'offlineCopy.start': fc.constant({}),
  'offlineCopy.cancel': fc.constant({}),
  'offlineCopy.setKeepCopy': fc.record({ keep: fc.boolean() }),
  'offlineCopy.forget': fc.constant({}),
  'offlineCopy.schedule': fc.constant({}),
  'offlineCopy.setSchedule': fc.record({ choice: fc.constantFrom('minutes', 'hourly', 'daily', 'asked') }),
  // Anything a user may type, FTS5 syntax included.
  'search.query': fc.record(
    {
      text: fc.oneof(safeText, fc.constantFrom('"', '*', 'a NEAR b', '(x OR y)', '-z', '^q', 'ID:"x"*')),
      limit: fc.integer({ min: 1, max: 50 }),
    },
    { requiredKeys: ['text'] },
  ),
  'portfolio.view': portfolioViewArgs,
  'portfolio.overview': fc.constant({}),
  'portfolio.today': fc.constant({}),
  'since.digest': fc.constant({}),
  'since.records': fc.record({
    kind: fc.constantFrom(...SINCE_RECORD_KINDS),
    offset: fc.integer({ min: 0, max: 1_000_000 }),
    limit: fc.integer({ min: 1, max: 100 }),
  }),
  'since.seen': fc
    .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
    .map((d) => ({ upTo: d.toISOString() })),
  'portfolio.export': portfolioViewArgs,
  'labels.resolve': fc.record({
    refs: fc.array(fc.record({ collection, id: idArb }), { minLength: 1, maxLength: 5 }),
  }),
  'labels.places': fc.record({ tenants: fc.array(idArb, { minLength: 1, maxLength: 5 }) }),
  'portfolio.savePdf': fc.oneof(
    fc.record({
      view: fc.constantFrom('overview', 'rent-roll', 'expirations', 'vacancy', 'delinquency', 'maintenance'),
    }),
    fc.record({
      view: fc.constantFrom('rent-roll', 'delinquency'),
      asOfDay: fc.constantFrom('2026-01-31', '2024-02-29'),
    }),
  ),
};

const nonObject = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
);
const hostileString = fc.oneof(
  fc.string({ minLength: 1 }).map((s) => `${s}\u0000`),
  fc.constant('x'.repeat(5000)),
  fc.constant(''),
  fc.constant('javascript:alert(1)'),
  fc.constant('has space\nand newline'),
);

/** Breaks a valid argument object in one way that the oracle knows is invalid for that channel. */
function broken(channel: ChannelName): fc.Arbitrary<unknown> {
  return fc.oneof(
    nonObject,
    VALID[channel].chain((v) =>
      fc.stringMatching(/^[a-z]{3,12}$/).map((k) => ({ ...(v as object), [`zz${k}`]: 1 })),
    ),
    ...(['collections.list', 'exports.start'].includes(channel)
      ? [
          collectionWithFilters.map((v) => ({ ...v, filters: { ...v.filters, not_a_filter: 'x' } })),
          collectionWithFilters.map((v) => ({ ...v, collection: 'invoices' })),
        ]
      : []),
    ...(channel === 'collections.list'
      ? [
          collectionWithFilters.chain((v) =>
            fc
              .oneof(
                fc.integer({ min: 101 }),
                fc.integer({ max: 0 }),
                fc.double({ noInteger: true, min: 1, max: 99 }),
              )
              .map((limit) => ({ ...v, limit })),
          ),
        ]
      : []),
    ...(channel === 'collections.sum'
      ? [
          // Only payments are summed, by the service's own filters.
          collectionWithFilters.filter((v) => v.collection !== 'payments'),
          paymentsQuery.map((v) => ({ ...v, filters: { ...v.filters, amount: '5' } })),
          // Payments take no lower date bound (only a lease's end date does).
          paymentsQuery.map((v) => ({ ...v, onOrAfter: { due_date: '2026-01-01' } })),
          paymentsQuery.map((v) => ({ ...v, filters: { status: 'x'.repeat(500) } })),
          paymentsQuery.map((v) => ({ ...v, cursor: 'abc' })),
        ]
      : []),
    ...(channel === 'collections.savePdf'
      ? [
          // Payments only, with the columns the screen shows: at least one, each a name and a heading.
          collectionWithFilters
            .filter((v) => v.collection !== 'payments')
            .map((v) => ({ ...v, columns: [{ name: 'id', label: 'ID' }] })),
          paymentsQuery,
          paymentsQuery.map((v) => ({ ...v, columns: [] })),
          paymentsQuery.map((v) => ({ ...v, columns: [{ name: 'amount' }] })),
          paymentsQuery.map((v) => ({ ...v, columns: [{ name: '<b>', label: 'Amount' }] })),
          paymentsQuery.map((v) => ({ ...v, columns: [{ name: 'amount', label: 'x'.repeat(300) }] })),
          paymentsQuery.map((v) => ({ ...v, columns: [{ name: 'amount', label: 'A' }], path: '/etc/x.pdf' })),
          paymentsQuery.map((v) => ({
            ...v,
            columns: [{ name: 'amount', label: 'A' }],
            own: { received_from: 'last year' },
          })),
        ]
      : []),
    ...(['connections.remove', 'connections.switch', 'connections.test'].includes(channel)
      ? [hostileString.map((id) => ({ id }))]
      : []),
    ...(['collections.get', 'records.related'].includes(channel)
      ? [fc.record({ collection, id: hostileString })]
      : []),
    ...(channel === 'records.balance'
      ? [
          fc.record({ collection: fc.constantFrom('payments', 'units', 'documents'), id: idArb }),
          fc.record({ collection: fc.constant('tenants'), id: hostileString }),
        ]
      : []),
    ...(channel === 'files.open' || channel === 'files.showInFolder'
      ? [fc.record({ path: fc.constant('/etc/passwd') }), fc.record({ savedId: hostileString })]
      : []),
    ...(channel === 'connections.add'
      ? [
          fc.record({
            name: safeText,
            baseUrl: fc.constantFrom(
              'http://pm.example.com',
              'http://10.0.0.8:4010',
              'javascript:alert(1)',
              'file:///etc/passwd',
              'ftp://x',
              'https://user:pw@x.test',
              'not a url',
            ),
            apiKey,
          }),
          fc.record({
            name: safeText,
            baseUrl: url,
            apiKey: fc.constantFrom('short', 'has spaces in it', ''),
          }),
          fc.record({ name: fc.constantFrom('', '   ', 'bad\u0007name'), baseUrl: url, apiKey }),
        ]
      : []),
    ...(channel === 'app.reportCrash'
      ? [
          fc.constant({}),
          fc.record({ message: fc.constant('x'.repeat(2001)) }),
          fc.record({ message: safeText, stack: fc.constant('x'.repeat(16_001)) }),
          fc.record({ message: safeText, componentStack: fc.constantFrom(7, null, ['a']) }),
        ]
      : []),
    ...(['suggestions.redraft', 'review.open'].includes(channel)
      ? [
          hostileString.map((batchId) => ({ batchId })),
          fc.record({ batchId: idArb, trustOrigin: fc.constant('x'.repeat(400)) }),
        ]
      : []),
    // Only main's own message box trusts an origin: a page that names one itself is refused.
    ...(channel === 'review.open'
      ? [
          fc.record({
            batchId: idArb,
            trustOrigin: fc.constantFrom('https://evil.test', 'http://127.0.0.1:4010'),
          }),
        ]
      : []),
    ...(['drafts.putChange', 'drafts.addChanges', 'drafts.create'].includes(channel)
      ? [
          // Unknown resource types and operations, an update without its record, values of another kind.
          fc.record({
            draftId: idArb,
            label: safeText,
            change: fc.constant({ operation: 'delete', resourceType: 'lease', fields: {} }),
          }),
          fc.record({
            draftId: idArb,
            label: safeText,
            changes: fc.constant([{ operation: 'create', resourceType: 'invoice', fields: {} }]),
          }),
          fc.record({
            draftId: idArb,
            label: safeText,
            change: fc.constant({ operation: 'update', resourceType: 'lease', fields: { a: 1 } }),
          }),
          fc.record({
            draftId: idArb,
            label: safeText,
            change: fc.constant({ operation: 'create', resourceType: 'lease', fields: { 'bad name': 1 } }),
          }),
          fc.record({
            draftId: idArb,
            label: safeText,
            changes: fc.constant(
              Array.from({ length: 201 }, () => ({ operation: 'create', resourceType: 'lease', fields: {} })),
            ),
          }),
        ]
      : []),
    ...(['drafts.create', 'drafts.rename', 'rentReview.create'].includes(channel)
      ? [fc.record({ id: idArb, label: fc.constantFrom('', '   ', 'bad\u0007label', 'x'.repeat(201)) })]
      : []),
    ...(channel === 'drafts.submit'
      ? [fc.record({ id: idArb, revision: fc.constantFrom(-1, 1.5, '3') })]
      : []),
    ...(channel.startsWith('rentReview.')
      ? [
          rentQueryArb.map((q) => ({ query: q, ...q, rule: { kind: 'percent', percent: 1000 } })),
          rentQueryArb.map((q) => ({ query: q, ...q, leaseFilters: { not_a_filter: 'x' } })),
          rentQueryArb.map((q) => ({ query: q, ...q, rounding: { step: 3, mode: 'nearest' } })),
          rentQueryArb.map((q) => ({ query: q, ...q, neverAboveMarket: 'yes' })),
        ]
      : []),
    ...(channel.startsWith('renewals.')
      ? [
          renewalQueryArb.map((q) => ({ ...q, leases: { ids: [] } })),
          renewalQueryArb.map((q) => ({ ...q, leases: { filters: { not_a_filter: 'x' } } })),
          renewalQueryArb.map((q) => ({ ...q, term: { kind: 'months', months: 0 } })),
          renewalQueryArb.map((q) => ({ ...q, term: { kind: 'years' } })),
        ]
      : []),
    ...(channel === 'renewals.draft'
      ? [
          fc.record({ query: renewalQueryArb, label: safeText, rows: fc.constant([]) }),
          // A renewal that ends before it starts, a day that does not exist, a rent below nothing.
          fc.record({
            query: renewalQueryArb,
            label: safeText,
            rows: renewalEditArb.map((r) => [{ ...r, start: '2028-01-01', end: '2027-12-31' }]),
          }),
          fc.record({
            query: renewalQueryArb,
            label: safeText,
            rows: renewalEditArb.map((r) => [{ ...r, start: '2027-02-30' }]),
          }),
          fc.record({
            query: renewalQueryArb,
            label: safeText,
            rows: renewalEditArb.map((r) => [{ ...r, rent: -1 }]),
          }),
          fc.record({
            query: renewalQueryArb,
            label: safeText,
            rows: renewalEditArb.map((r) => [{ ...r, tenantId: undefined }]),
          }),
        ]
      : []),
    ...(channel.startsWith('notice.')
      ? [
          fc.record({ leaseId: hostileString, endDate: fc.constant('2027-01-31'), unitStatus: fc.boolean() }),
          fc.record({ leaseId: idArb, endDate: fc.constant('31/01/2027'), unitStatus: fc.boolean() }),
          fc.record({
            leaseId: idArb,
            endDate: fc.constant('2027-01-31'),
            unitStatus: fc.constant('yes'),
            label: safeText,
          }),
          fc.record({
            leaseId: idArb,
            endDate: fc.constant('2027-01-31'),
            unitStatus: fc.boolean(),
            askingRent: fc.constantFrom(-5, Number.NaN),
            label: safeText,
          }),
        ]
      : []),
    ...(channel === 'suggestions.redraft'
      ? [fc.record({ batchId: idArb, proposalIds: fc.constant([]) })]
      : []),
    ...(channel === 'suggestions.watch' ? [fc.record({ open: fc.constantFrom('yes', 1, null) })] : []),
    ...(channel === 'offlineCopy.setKeepCopy'
      ? [fc.record({ keep: fc.constantFrom('no', 0, null, 'false') }), fc.constant({})]
      : []),
    ...(channel === 'offlineCopy.setSchedule'
      ? [fc.record({ choice: fc.constantFrom(1, 24, 'weekly', 'Minutes', null, '') }), fc.constant({})]
      : []),
    ...(channel === 'labels.places'
      ? [
          fc.constant({ tenants: [] }),
          fc.record({ tenants: fc.array(idArb, { minLength: 101, maxLength: 105 }) }),
          fc.record({ tenants: fc.tuple(hostileString) }),
          fc.record({ tenants: fc.constant('ten_1') }),
        ]
      : []),
    ...(channel === 'labels.resolve'
      ? [
          fc.constant({ refs: [] }),
          fc.record({
            refs: fc.array(fc.record({ collection, id: idArb }), { minLength: 501, maxLength: 510 }),
          }),
          fc.record({ refs: fc.tuple(fc.record({ collection: fc.constant('invoices'), id: idArb })) }),
          fc.record({ refs: fc.tuple(fc.record({ collection, id: hostileString })) }),
          fc.record({ refs: fc.tuple(fc.record({ collection })) }),
        ]
      : []),
    ...(channel === 'connectivity.tryNow'
      ? [
          // Only the kinds PropDesk sends: no POST but suggestions, no other collection or path.
          fc.record({ kind: fc.record({ method: fc.constant('POST'), collection: collection }) }),
          fc.record({ kind: fc.record({ method: fc.constant('GET'), collection: hostileString }) }),
          fc.record({
            kind: fc.record({ method: fc.constantFrom('PUT', 'DELETE', 'get'), collection: collection }),
          }),
          fc.constant({ kind: 'GET leases' }),
          fc.constant({}),
        ]
      : []),
    ...(channel === 'since.records'
      ? [
          // The decided suggestions open the Suggestions screen, not a list of records.
          fc.constant({ kind: 'suggestions_decided', offset: 0, limit: 10 }),
          fc.constant({ kind: 'payments_late', offset: 0, limit: 101 }),
          fc.constant({ kind: 'payments_late', offset: -1, limit: 10 }),
          fc.constant({ kind: 'payments_late', offset: 0.5, limit: 10 }),
          fc.record({ kind: hostileString, offset: fc.constant(0), limit: fc.constant(10) }),
        ]
      : []),
    ...(channel === 'since.seen'
      ? [
          fc.constant({}),
          fc.record({ upTo: fc.constantFrom('yesterday', '2026-13-01T00:00:00Z', '', '2026-01-01') }),
          fc.record({ upTo: hostileString }),
        ]
      : []),
    ...(channel === 'portfolio.savePdf'
      ? [
          fc.record({ view: fc.constantFrom('offline-copy', 'rent_roll', '', 'OVERVIEW') }),
          fc.constant({}),
          fc.record({ view: fc.constant('overview'), focus: fc.constant({ kind: 'vacant' }) }),
          fc.record({ view: fc.constant('overview'), path: fc.constant('/etc/passwd') }),
          fc.record({ view: fc.constant('vacancy'), asOfDay: fc.constant('2026-01-31') }),
          fc.record({
            view: fc.constant('rent-roll'),
            asOfDay: fc.constantFrom('2026-02-30', '31/01/2026', ''),
          }),
        ]
      : []),
    ...(channel === 'portfolio.view' || channel === 'portfolio.export'
      ? [
          fc.record({ view: fc.constantFrom('rent_roll', 'ledger', '', 'RENT-ROLL') }),
          fc.constant({}),
          fc.record({ view: hostileString }),
          ...brokenFocusArgs,
        ]
      : []),
  );
}

function recordingTable(calls: string[]): HandlerTable {
  return Object.fromEntries(
    CHANNEL_NAMES.map((n) => [
      n,
      async () => {
        calls.push(n);
        throw new Error('handler reached');
      },
    ]),
  ) as unknown as HandlerTable;
}

describe('IPC fuzzing (fast-check)', () => {
  it('10,000 calls: no crash, every broken argument refused before a handler, every valid one accepted', async () => {
    const calls: string[] = [];
    const refusals: unknown[] = [];
    const dispatcher = createDispatcher(
      recordingTable(calls),
      isTrusted,
      (e) => ({ code: 'internal', message: String(e) }),
      { warn: (...entry) => void refusals.push(entry), error: (...entry) => void refusals.push(entry) },
    );
    let total = 0;
    const runs = Math.ceil(10_000 / (CHANNEL_NAMES.length * 2));
    for (const channel of CHANNEL_NAMES) {
      await fc.assert(
        fc.asyncProperty(broken(channel), async (args) => {
          total += 1;
          const before = calls.length;
          const res = await dispatcher.dispatch(trusted, channel, args);
          expect(res.ok).toBe(false);
          if (!res.ok) expect(res.error.code).toBe('invalid_arguments');
          expect(calls.length).toBe(before);
        }),
        { numRuns: runs },
      );
      await fc.assert(
        fc.asyncProperty(VALID[channel], async (args) => {
          total += 1;
          const res = await dispatcher.dispatch(trusted, channel, args);
          // Accepted: the call reached the handler (which answers with an internal error here).
          expect(res).toEqual({ ok: false, error: { code: 'internal', message: 'Error: handler reached' } });
        }),
        { numRuns: runs },
      );
    }
    expect(total).toBeGreaterThanOrEqual(10_000);
    // Every call came from the app's own window and no handler answered: nothing to log.
    expect(refusals).toEqual([]);
    // 10,000 calls through the real dispatcher: a busy machine needs longer than the default.
  }, 180_000);
});
