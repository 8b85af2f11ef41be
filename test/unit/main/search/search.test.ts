// Search everything, through the search.query handler, over an offline copy copied from a real
// sandbox: word prefixes ignoring case and accents, phone numbers by their digits, ranking, grouping
// by collection, only text fields (never IDs, dates, enums or bookkeeping), anything a user may type
// taken as words, the index kept in step with each update, and gone with the forgotten data. A typed
// record ID opens the record from the service when there is no copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../../src/shared/search';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import { offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { SEARCH_PREFIX } from '../../../../src/main/store/offline-copy/listing-tables';

let fx: OfflineCopyFixture;
const made: Record<string, ServiceRecord> = {};

const search = (text: string, limit?: number): Promise<SearchAnswer> =>
  fx.services.handlers['search.query']({ text, ...(limit ? { limit } : {}) });
const idsIn = (answer: SearchAnswer, collection: string) =>
  answer.groups.find((g) => g.collection === collection)?.hits.map((h) => h.id) ?? [];
const searchIndexes = () =>
  (
    fx.services.store.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{
      name: string;
    }>
  ).filter((t) => new RegExp(`^${SEARCH_PREFIX}\\d+$`).test(t.name)).length;

function tenant(name: string, email: string, phone: string | null): ServiceRecord {
  return fx.sandbox.control.createRecord('tenants', 'org_demo', {
    name,
    email,
    phone,
    status: 'current',
    is_active: true,
  }) as ServiceRecord;
}

async function propose(body: unknown): Promise<string> {
  const res = await fetch(`${fx.sandbox.baseUrl}/api/v1/proposals`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${fx.key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `search-test-${Math.random()}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { proposals: Array<{ id: string }> } };
  return json.data.proposals[0]!.id;
}

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 5 });
  made.zoe = tenant('Zoë Ångström', 'zoe.angstrom@example.com', '(555) 010-4477');
  // "grant" twice in one record (name and email), once in the other, which comes first in the copy.
  made.oduya = tenant('Grant Oduya', 'g.oduya@example.org', null);
  made.hill = tenant('Grant Hill', 'grant.hill@example.net', null);
  // Both words twice in the first, once each, in the order typed, in the second.
  made.larry = tenant('Larry Jonas', 'larry.jonas@example.com', null);
  made.jonah = tenant('Jonah Larsen', 'jl@example.com', null);
  // A document named after a tenant.
  made.renewal = fx.sandbox.control.createRecord('documents', 'org_demo', {
    name: 'Grant Hill.pdf',
    type: 'lease_agreement',
    size_bytes: 2048,
    entity_type: 'tenant',
    entity_id: made.hill.id,
    is_verified: false,
    uploaded_at: '2026-01-05T10:00:00.000Z',
  }) as ServiceRecord;
  made.street = fx.sandbox.control.createRecord('properties', 'org_demo', {
    name: 'Quillfeather House',
    type: 'condo',
    address_line1: '1200 Éclair Street',
    city: 'Montréal',
    state: 'QC',
    postal_code: '10001',
    year_built: null,
    is_active: true,
  }) as ServiceRecord;
});

afterAll(async () => {
  await fx.close();
});

describe('search without an offline copy', () => {
  it('says there is no copy, and still opens a record by its exact ID from the service', async () => {
    const none = await search('Zoë');
    expect(none.available).toBe(false);
    expect(none.groups).toEqual([]);
    expect(none.notice).toMatch(/^No offline copy yet/);
    const byId = await search(made.zoe!.id);
    expect(byId.available).toBe(false);
    expect(byId.groups).toEqual([
      {
        collection: 'tenants',
        hits: [
          {
            collection: 'tenants',
            id: made.zoe!.id,
            record: made.zoe,
            label: 'Zoë Ångström',
            source: 'live',
            matched: null,
            // Without a contract, the email is found among the record's own fields.
            note: 'zoe.angstrom@example.com',
            // She rents nowhere yet.
            place: null,
          },
        ],
        more: false,
      },
    ]);
  });
});

describe('search over the offline copy', () => {
  beforeAll(async () => {
    await offlineCopyToEnd(fx.services);
  });

  it('finds by the start of any word, ignoring case and accents, as one types', async () => {
    for (const text of ['z', 'zo', 'Zoe', 'ZOË', 'zoë ång', 'angstr', 'Ångström Zo', 'zoe.angstrom@ex']) {
      const answer = await search(text, 50);
      expect(answer.available, text).toBe(true);
      expect(idsIn(answer, 'tenants'), text).toContain(made.zoe!.id);
    }
    expect(idsIn(await search('zoe smith'), 'tenants')).not.toContain(made.zoe!.id);
    const street = await search('eclair str');
    expect(idsIn(street, 'properties')).toEqual([made.street!.id]);
    expect(idsIn(await search('montreal'), 'properties')).toContain(made.street!.id);
  });

  it('finds a phone number by its digits, typed together or in groups', async () => {
    for (const text of ['555 01', '55501', '5550104477', '(555) 010-44', '0104477', '010 4477', '4477']) {
      expect(idsIn(await search(text, 50), 'tenants'), text).toContain(made.zoe!.id);
    }
    expect(idsIn(await search('55502', 50), 'tenants')).not.toContain(made.zoe!.id);
  });

  it('ranks the better match first and groups hits by collection, best group first', async () => {
    const grant = await search('grant');
    expect(idsIn(grant, 'tenants').slice(0, 2)).toEqual([made.hill!.id, made.oduya!.id]);
    // Words typed as they stand in a record's name put it first, whatever bm25 says of repeats.
    const firstName = async (text: string) =>
      (await search(text)).groups.find((g) => g.collection === 'tenants')?.hits[0]?.record.name;
    expect(await firstName('Jon Lar')).toMatch(/^Jon\S* Lar/);
    expect(await firstName('Lar Jon')).toMatch(/^Lar\S* Jon/);
    expect(await firstName('Larry Jonas')).toBe('Larry Jonas');
    // A name typed whole puts the record it names first: the tenant before the document naming them.
    const hill = await search('Grant Hill');
    expect(hill.groups[0]!.collection).toBe('tenants');
    expect(hill.groups[0]!.hits[0]!.id).toBe(made.hill!.id);
    expect(idsIn(hill, 'documents')).toContain(made.renewal!.id);
    const quill = await search('quillfeather');
    expect(quill.groups.map((g) => g.collection)).toEqual(['properties']);
    const hit = quill.groups[0]!.hits[0]!;
    expect(hit).toMatchObject({
      collection: 'properties',
      id: made.street!.id,
      record: made.street,
      label: 'Quillfeather House',
      source: 'copy',
      matched: { value: 'Quillfeather House' },
    });
    const asOf = fx.services.offlineCopy
      .status()
      .collections.map((c) => c.asOf!)
      .sort()[0];
    expect(quill.asOf).toBe(asOf);
    // A common word: at most `limit` per collection, and more is said to exist.
    const common = await search('e', 3);
    expect(common.groups.length).toBeGreaterThan(2);
    for (const group of common.groups) {
      expect(group.hits.length).toBeLessThanOrEqual(3);
      expect(group.hits.every((h) => h.collection === group.collection)).toBe(true);
    }
    expect(common.groups.some((g) => g.more)).toBe(true);
  });

  it('searches text fields only: never IDs, dates, enums or who last wrote a record', async () => {
    const [payment] = fx.services.store.offlineCopies.records(fx.connectionId, 'payments');
    for (const text of ['current', String(payment!.due_date), 'Sandbox control', 'Data import', 'condo'])
      expect(
        (await search(text, 50)).groups.filter((g) => g.hits.some((h) => h.source === 'copy')),
        text,
      ).toEqual([]);
    // An ID is found as an ID, first in its group, from the copy.
    const byId = await search(made.oduya!.id);
    expect(byId.groups[0]!.hits[0]).toMatchObject({ id: made.oduya!.id, source: 'copy' });
  });

  it('takes anything typed as plain words: quotes, operators and stray symbols never fail', async () => {
    const hostile = [
      '"',
      '""',
      '*',
      '-',
      '^',
      '(',
      ')',
      'NEAR',
      'NEAR(zoe',
      'zoe OR',
      'AND',
      'NOT zoe',
      '"zoe',
      'zoe*',
      'zo"e',
      'zoe -grant',
      '{a b}',
      ':',
      '\\',
      "'",
      '😀',
      '\u0301',
      'a'.repeat(200),
      'x '.repeat(100),
    ];
    for (const text of hostile) {
      const answer = await search(text);
      expect(answer.available, text).toBe(true);
    }
    for (const text of ['"zoe', 'zoe*', '(zoe)', '^zoe', 'zoë!'])
      expect(idsIn(await search(text), 'tenants'), text).toContain(made.zoe!.id);
  });

  it('names each hit by the shared label rule, the records it links to included', async () => {
    const copy = (c: Collection) => fx.services.store.offlineCopies.records(fx.connectionId, c);
    const byId = (c: Collection, id: unknown) => copy(c).find((r) => r.id === id)!;
    const unitLabel = (unit: ServiceRecord) =>
      `${String(byId('properties', unit.property_id).name)} · ${String(unit.unit_number)}`;
    const unit = copy('units').find((u) => typeof u.unit_number === 'string')!;
    const lease = copy('leases')[0]!;
    const hitOf = async (text: string, collection: Collection, id: string) =>
      (await search(text, 50)).groups.find((g) => g.collection === collection)?.hits.find((h) => h.id === id);
    expect((await hitOf(unit.id, 'units', unit.id))?.label).toBe(unitLabel(unit));
    expect((await hitOf(lease.id, 'leases', lease.id))?.label).toBe(
      `${String(byId('tenants', lease.tenant_id).name)} · ${unitLabel(byId('units', lease.unit_id))}`,
    );
    // Found by words too, every hit of every group carries its label.
    const answer = await search('grant', 50);
    const hits = answer.groups.flatMap((g) => g.hits);
    expect(hits.length).toBeGreaterThan(1);
    expect(hits.every((h) => typeof h.label === 'string' && h.label !== '')).toBe(true);
  });

  it('finds a unit and its lease by the property’s words with the unit’s, and follows a renamed property', async () => {
    const copy = (c: Collection) => fx.services.store.offlineCopies.records(fx.connectionId, c);
    const leases = copy('leases');
    const properties = new Map(copy('properties').map((p) => [p.id, p]));
    // A leased unit of a property whose name has two words or more ("Cedar Commons · 3B").
    const unit = copy('units').find(
      (u) =>
        typeof u.unit_number === 'string' &&
        String(properties.get(String(u.property_id))?.name ?? '').includes(' ') &&
        leases.some((l) => l.unit_id === u.id),
    )!;
    const lease = leases.find((l) => l.unit_id === unit.id)!;
    const name = String(properties.get(String(unit.property_id))!.name);
    const first = name.split(' ')[0]!;
    const number = String(unit.unit_number);
    for (const text of [`${first} ${number}`, `${name} ${number}`, `${number} ${name}`]) {
      const answer = await search(text, 50);
      expect(idsIn(answer, 'units'), text).toContain(unit.id);
      expect(idsIn(answer, 'leases'), text).toContain(lease.id);
    }
    // Renamed in the service and updated in the copy: the words come from the property as it is now.
    const proposal = await propose({
      changes: [
        {
          operation: 'update',
          resourceType: 'property',
          resourceId: String(unit.property_id),
          fields: { name: 'Wrenfold Yard' },
        },
      ],
    });
    expect(fx.sandbox.control.approve(proposal, 'admin').ok).toBe(true);
    await offlineCopyToEnd(fx.services);
    expect(idsIn(await search(`wrenfold ${number}`, 50), 'units')).toContain(unit.id);
    expect(idsIn(await search(`${name} ${number}`, 50), 'units')).not.toContain(unit.id);
  });

  it('is kept in step by every update: a renamed record is found by its new name only', async () => {
    const proposal = await propose({
      changes: [
        {
          operation: 'update',
          resourceType: 'tenant',
          resourceId: made.oduya!.id,
          fields: { name: 'Ilse Wrenfield' },
        },
      ],
    });
    expect(fx.sandbox.control.approve(proposal, 'admin').ok).toBe(true);
    const added = tenant('Ysolde Varga', 'ysolde@example.com', null);
    expect(idsIn(await search('wrenfield'), 'tenants')).toEqual([]);
    expect(idsIn(await search('grant oduya'), 'tenants')).toEqual([made.oduya!.id]);
    await offlineCopyToEnd(fx.services);
    expect(idsIn(await search('wrenfield'), 'tenants')).toEqual([made.oduya!.id]);
    expect(idsIn(await search('grant oduya'), 'tenants')).toEqual([]);
    expect(idsIn(await search('ysolde'), 'tenants')).toEqual([added.id]);
    // One index per collection's copy in use; the replaced copies' indexes are gone.
    expect(searchIndexes()).toBe(7);
  });

  it('forgets the index with the connection’s offline data', async () => {
    await fx.services.handlers['offlineCopy.forget']({});
    const answer = await search('zoe');
    expect(answer.available).toBe(false);
    expect(answer.groups).toEqual([]);
    expect(searchIndexes()).toBe(0);
  });
});
