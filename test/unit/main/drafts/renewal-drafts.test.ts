// Renewals against the demo service over HTTP: leases chosen by rule (ending within 90 days, nothing
// following them), previewed and drafted as the landlord left them; a tenant changed or a following
// lease added at the service after the preview stops the drafting with the reason and the service's
// values, read live (the unit's leases through the service's unit_id filter); a contract without a
// deposit says so and drafts nothing; Lakeside's renewals are written in its names and in pence; and
// more renewals than one batch holds go in labelled parts that never split a renewal.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { createDraftGroup } from '../../../../src/main/drafts/draft-group';
import type { Sandbox } from '../../../../src/sandbox';
import type { RenewalEdit, RenewalQuery, RenewalRow } from '../../../../src/shared/renewals';
import type { ServiceRecord } from '../../../../src/shared/service';
import { Colleague } from '../../../support/colleague';
import { connectedToLakeside } from '../../../support/lakeside-connected';
import type { LakesideConnected } from '../../../support/lakeside-connected';
import type { LakesideService } from '../../../support/lakeside-service';
import { connectedToSandbox } from '../../../support/sandbox-connected';
import type { SandboxConnected } from '../../../support/sandbox-connected';

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.parse(today) + n * DAY).toISOString().slice(0, 10);

const plusThree = (ids: string[]): RenewalQuery => ({
  leases: { ids },
  term: { kind: 'same' },
  rule: { kind: 'percent', percent: 3 },
  rounding: { step: 1, mode: 'nearest' },
});

/** The rows as the landlord leaves them: every renewable one, unedited. */
const editsOf = (rows: readonly RenewalRow[]): RenewalEdit[] =>
  rows
    .filter((r) => r.skipped === null)
    .map((r) => ({
      leaseId: r.leaseId,
      tenantId: r.tenantId!,
      unitId: r.unitId!,
      start: r.start!,
      end: r.end!,
      rent: r.rent!,
      deposit: r.deposit!,
    }));

async function allLeases(baseUrl: string, key: string): Promise<ServiceRecord[]> {
  const out: ServiceRecord[] = [];
  for (let cursor: string | null = null; ;) {
    const res = await fetch(`${baseUrl}/api/v1/leases?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const page = (await res.json()) as { data: ServiceRecord[]; nextCursor: string | null; hasMore: boolean };
    out.push(...page.data);
    if (!page.hasMore) return out;
    cursor = page.nextCursor;
  }
}

/** Running leases ending within 90 days that no lease of their unit follows: the ones to renew. */
function renewable(leases: readonly ServiceRecord[], start: string, end: string): ServiceRecord[] {
  return leases.filter(
    (l) =>
      typeof l[end] === 'string' &&
      String(l[end]) >= today &&
      String(l[end]) <= inDays(90) &&
      String(l[start]) <= today &&
      !leases.some((o) => o.id !== l.id && o.unit_id === l.unit_id && String(o[start]) >= String(l[end])),
  );
}

describe('renewals against the demo service', () => {
  let connected: SandboxConnected;
  let sandbox: Sandbox;
  let services: AppServices;
  let leases: ServiceRecord[];
  let key: string;
  beforeAll(async () => {
    // No offline copy: every read below is one the renewals made.
    connected = await connectedToSandbox('propdesk-renewals-', { colleague: true });
    ({ sandbox, services, key } = connected);
    leases = await allLeases(sandbox.baseUrl, key);
  });
  afterAll(async () => {
    await connected.close();
  });

  it('previews and drafts renewals as left in the preview, with tenant, unit and deposit carried over', async () => {
    const chosen = renewable(leases, 'start_date', 'end_date').slice(0, 5);
    expect(chosen).toHaveLength(5);
    const preview = await services.drafts.renewalPreview(plusThree(chosen.map((l) => l.id)));
    expect(preview.rows.every((r) => r.skipped === null)).toBe(true);
    const edits = editsOf(preview.rows);
    edits[0]!.rent += 7;
    edits[1]!.end = inDays(400);
    const answer = await services.drafts.renewalDraft(plusThree([]), 'Renewals +3%', edits);
    expect(answer.outcome).toBe('drafted');
    const [draftId] = answer.outcome === 'drafted' ? answer.draftIds : [];
    const draft = services.drafts.detail(draftId!);
    expect(draft.label).toBe('Renewals +3%');
    expect(draft.valid).toBe(true);
    expect(draft.changes.map((c) => [c.operation, c.resourceType, c.fields])).toEqual(
      edits.map((e) => [
        'create',
        'lease',
        {
          tenant_id: e.tenantId,
          unit_id: e.unitId,
          start_date: e.start,
          end_date: e.end,
          monthly_rent: e.rent,
          security_deposit: e.deposit,
          status: 'pending',
        },
      ]),
    );
    // What was carried over is the old lease's, and the new one starts the day after it ends.
    for (const [i, old] of chosen.entries()) {
      const row = preview.rows.find((r) => r.leaseId === old.id)!;
      expect(row).toMatchObject({
        tenantId: old.tenant_id,
        unitId: old.unit_id,
        deposit: old.security_deposit,
      });
      expect(Date.parse(row.start!) - Date.parse(String(old.end_date))).toBe(DAY);
      expect(row.rent).toBe(Math.round(Number(old.monthly_rent) * 1.03));
      void i;
    }
  });

  it('re-reads a lease whose tenant changed at the service since the preview, and drafts nothing', async () => {
    const [lease, other] = renewable(leases, 'start_date', 'end_date').slice(5, 7);
    const preview = await services.drafts.renewalPreview(plusThree([lease!.id, other!.id]));
    await new Colleague(sandbox.baseUrl).change('leases', lease!.id, { tenant_id: other!.tenant_id });
    const before = services.drafts.list().drafts.length;
    const requests = sandbox.control.requestCount();
    const answer = await services.drafts.renewalDraft(plusThree([]), 'Two renewals', editsOf(preview.rows));
    expect(answer).toMatchObject({
      outcome: 'changed',
      changed: [{ leaseId: lease!.id, reason: 'Its tenant changed at the service' }],
    });
    if (answer.outcome !== 'changed') return;
    expect(answer.preview.rows.find((r) => r.leaseId === lease!.id)!.tenantId).toBe(other!.tenant_id);
    expect(answer.preview.fromCopy).toBeUndefined();
    expect(services.drafts.list().drafts).toHaveLength(before);
    // Live: each lease by ID, then each unit and its leases through the service's unit_id filter.
    expect(sandbox.control.requestCount() - requests).toBe(6);
  });

  it('skips a lease another lease now follows at the service, with the reason and that lease', async () => {
    const [lease] = renewable(leases, 'start_date', 'end_date').slice(7, 8);
    const preview = await services.drafts.renewalPreview(plusThree([lease!.id]));
    const next = sandbox.control.createRecord('leases', 'org_demo', {
      unit_id: lease!.unit_id,
      tenant_id: lease!.tenant_id,
      lease_number: 'L-9999',
      start_date: inDays(120),
      end_date: null,
      monthly_rent: 1000,
      security_deposit: 1000,
      status: 'pending',
    });
    const answer = await services.drafts.renewalDraft(plusThree([]), 'One renewal', editsOf(preview.rows));
    expect(answer).toMatchObject({
      outcome: 'changed',
      changed: [{ leaseId: lease!.id, reason: `Already followed by a lease from ${inDays(120)}` }],
    });
    const again = await services.drafts.renewalPreview(plusThree([lease!.id]));
    expect(again.rows[0]).toMatchObject({
      skipped: expect.stringMatching(/^Already followed/),
      followedBy: next.id,
    });
  });

  it('says a contract without a deposit field has none, and drafts nothing', async () => {
    const connectionId = services.connections.active().id;
    const acme = readFileSync(
      join(import.meta.dirname, '../../../fixtures/contracts/acme-openapi-3.1.json'),
      'utf8',
    );
    services.store.contracts.put(connectionId, {
      json: acme,
      hash: createHash('sha256').update(acme).digest('hex'),
      fetchedAt: '2026-11-23T00:00:00Z',
    });
    services.contract.forget();
    const before = services.drafts.list().drafts.length;
    try {
      const [lease] = renewable(leases, 'start_date', 'end_date');
      const edit: RenewalEdit = {
        leaseId: lease!.id,
        tenantId: String(lease!.tenant_id),
        unitId: String(lease!.unit_id),
        start: inDays(100),
        end: inDays(465),
        rent: 1000,
        deposit: 1000,
      };
      for (const attempt of [
        services.drafts.renewalPreview(plusThree([lease!.id])),
        services.drafts.renewalDraft(plusThree([]), 'No deposit', [edit]),
      ])
        await expect(attempt).rejects.toMatchObject({
          code: 'unsupported_by_service',
          message: expect.stringMatching(
            /no field for the deposit .*“security_deposit”.*Nothing was drafted/,
          ),
        });
      expect(services.drafts.list().drafts).toHaveLength(before);
    } finally {
      await services.contract.get(connectionId, () => services.clients.client().openapi(), {
        refresh: true,
      });
    }
  });

  it('drafts more renewals than one batch holds in labelled parts, never splitting a renewal', () => {
    const connectionId = services.connections.active().id;
    const pair = (i: number) => [
      { operation: 'create' as const, resourceType: 'lease' as const, fields: { n: i } },
      { operation: 'update' as const, resourceType: 'lease' as const, resourceId: `l${i}`, fields: { n: i } },
    ];
    const ids = createDraftGroup(
      { drafts: services.store.drafts, transaction: services.store.transaction },
      connectionId,
      'Renewals',
      Array.from({ length: 150 }, (_, i) => pair(i)),
    );
    const drafts = ids.map((id) => services.drafts.detail(id));
    expect(drafts.map((d) => [d.label, d.changeCount, d.reviewGroup?.part])).toEqual([
      ['Renewals — part 1 of 2', 200, 1],
      ['Renewals — part 2 of 2', 100, 2],
    ]);
    expect(drafts[0]!.changes.at(-1)).toMatchObject({ operation: 'update', fields: { n: 99 } });
  });
});

describe('renewals on a service with other names and rents in pence (Lakeside)', () => {
  let lakeside: LakesideService;
  let services: AppServices;
  let connected: LakesideConnected;
  beforeAll(async () => {
    connected = await connectedToLakeside('propdesk-renewals-lakeside-');
    ({ lakeside, services } = connected);
  });
  afterAll(() => connected.close());

  it('writes the new tenancy in Lakeside’s fields, its rent and deposit as whole pence', async () => {
    const tenancies = await allLeases(lakeside.baseUrl, lakeside.apiKey);
    const [old] = renewable(tenancies, 'commences', 'expires');
    const preview = await services.drafts.renewalPreview(plusThree([old!.id]));
    const row = preview.rows[0]!;
    expect(row).toMatchObject({ skipped: null, current: Number(old!.rent_minor) / 100 });
    expect(row.deposit).toBe(Number(old!.deposit_cents) / 100);
    const answer = await services.drafts.renewalDraft(
      plusThree([]),
      'Lakeside renewal',
      editsOf(preview.rows),
    );
    if (answer.outcome !== 'drafted') throw new Error(`not drafted: ${JSON.stringify(answer)}`);
    const draft = services.drafts.detail(answer.draftIds[0]!);
    expect(draft.changes[0]!.fields).toEqual({
      tenant_id: old!.tenant_id,
      unit_id: old!.unit_id,
      commences: row.start,
      expires: row.end,
      rent_minor: Math.round((Number(old!.rent_minor) * 1.03) / 100) * 100,
      deposit_cents: old!.deposit_cents,
      status: 'draft',
    });
    expect(draft.valid).toBe(true);
  });
});
