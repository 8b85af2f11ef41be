// "Since you last looked" through the app's own composition, against a real sandbox over HTTP with a
// colleague changing records at the service, on a real SQLite file: a first copy sets the mark and
// tells of nothing; a payment the colleague marks late and an emergency request they open are told
// with exactly those IDs (the request once as a desktop notification, never again); what changed and
// changed back is not told; a pass stopped half way adds nothing; "Mark as seen" empties the digest,
// also after the database is opened again; and a long time away is counted, not listed row by row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import type { ServiceRecord } from '../../../../src/shared/service';
import type { SinceDigest, SinceRecordKind } from '../../../../src/shared/since';
import { Colleague } from '../../../support/colleague';
import { offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import { createTestServices, portRecord } from '../../../support/test-services';

let sandbox: Sandbox;
let services: AppServices;
let connectionId: string;
let dataDir: string;
let colleague: Colleague;
const record = portRecord();
const today = new Date().toISOString().slice(0, 10);

const counts = (digest: SinceDigest) => Object.fromEntries(digest.lines.map((l) => [l.kind, l.count]));
const ids = (kind: SinceRecordKind) => services.since.records(kind, 0, 100).records.map((r) => r.id);
const copy = (collection: 'payments' | 'tenants') =>
  services.store.offlineCopies.records(connectionId, collection);

async function updateAgain(): Promise<void> {
  services.offlineCopy.start();
  expect((await services.offlineCopy.whenIdle()).state).toBe('done');
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, colleague: true });
  colleague = new Colleague(sandbox.baseUrl);
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-since-'));
  services = createTestServices(dataDir, {}, record);
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const connection = await services.connections.add({ name: 'Since', baseUrl: sandbox.baseUrl, apiKey: key });
  connectionId = connection.id;
  services.store.offlineCopies.setKeepCopy(connectionId, false);
  await services.connections.switchTo(connectionId);
  services.store.offlineCopies.setKeepCopy(connectionId, true);
  await offlineCopyToEnd(services);
});

afterAll(async () => {
  await services.stop();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('since you last looked', () => {
  it('a first copy sets the mark and tells of nothing', () => {
    const digest = services.since.digest();
    expect(digest.markedAt).not.toBeNull();
    expect(digest.lines).toEqual([]);
    expect(digest.decided).toEqual([]);
  });

  it("tells exactly the colleague's late payment and emergency request, and notifies the request once", async () => {
    const paid = copy('payments').find(
      (p) => typeof p.paid_date === 'string' && typeof p.due_date === 'string' && p.due_date < today,
    )!;
    const unit = services.store.offlineCopies.records(connectionId, 'units')[0]!;
    await colleague.markLate(paid.id);
    const emergency = await colleague.openEmergency({
      property_id: String(unit.property_id),
      unit_id: unit.id,
      title: 'Burst pipe under the kitchen sink',
    });
    // A tenant's email changed and changed back between two updates: nothing to tell.
    const tenant = copy('tenants')[0]! as ServiceRecord & { email: string };
    await colleague.change('tenants', tenant.id, { email: 'changed.for.a.while@example.com' });
    await updateAgain();
    await colleague.change('tenants', tenant.id, { email: tenant.email });
    await updateAgain();

    const digest = services.since.digest();
    expect(counts(digest)).toEqual({ payments_late: 1, maintenance_opened: 1 });
    expect(digest.lines.find((l) => l.kind === 'maintenance_opened')!.urgent).toBe(1);
    expect(ids('payments_late')).toEqual([paid.id]);
    expect(ids('maintenance_opened')).toEqual([emergency.id]);
    expect(ids('records_changed')).toEqual([]);
    const urgent = record.notifications.filter((n) => n.title.startsWith('Urgent maintenance'));
    expect(urgent).toEqual([
      {
        title: 'Urgent maintenance: 1 new request',
        body: '1 urgent maintenance request came in since you last looked. Today lists it under “Since you last looked”.',
      },
    ]);

    // Another colleague's change to the request: still one notification, never repeated.
    await colleague.change('maintenance_requests', emergency.id, { title: 'Burst pipe, water off' });
    await updateAgain();
    expect(record.notifications.filter((n) => n.title.startsWith('Urgent maintenance'))).toHaveLength(1);
  });

  it('adds nothing from a pass stopped half way, until a pass ends', async () => {
    const before = counts(services.since.digest());
    const paid = copy('payments').find(
      (p) => typeof p.paid_date === 'string' && typeof p.due_date === 'string' && p.due_date < today,
    )!;
    const late = await colleague.markLate(paid.id);
    // The page a listing pass lands before the pass fails, exactly as the pass lands it.
    services.store.offlineCopies.land(connectionId, 'payments', [late], false);
    const halfWay = services.since.digest();
    expect(counts(halfWay)).toEqual(before);
    expect(halfWay.waiting).toBe(1);
    await updateAgain();
    expect(ids('payments_late')).toContain(paid.id);
    expect(services.since.digest().waiting).toBe(0);
  });

  it('"Mark as seen" empties the digest, and the mark holds when the database is opened again', async () => {
    const seen = services.since.seen(services.since.digest().asOf);
    expect(seen.lines).toEqual([]);
    const markedAt = seen.markedAt;
    await services.stop();
    services = createTestServices(dataDir, {}, record);
    const reopened = services.since.digest(connectionId);
    expect(reopened.markedAt).toBe(markedAt);
    expect(reopened.lines).toEqual([]);
  });

  it('counts what time alone did over a long time away, a page at a time', () => {
    // The landlord last looked 45 days ago: payments fell due unpaid and leases came near their end.
    const away = new Date(Date.now() - 45 * 86_400_000).toISOString();
    services.store.since.setMark(connectionId, away);
    const digest = services.since.digest(connectionId);
    const late = digest.lines.find((l) => l.kind === 'payments_late')!;
    expect(late.count).toBeGreaterThan(3);
    const page = services.store.offlineCopies.records(connectionId, 'payments');
    const byId = new Map(page.map((p) => [p.id, p]));
    const first = services.since.records('payments_late', 0, 3);
    expect(first.total).toBe(late.count);
    expect(first.records).toHaveLength(3);
    const rest = services.since.records('payments_late', 3, 100).records;
    expect(rest).toHaveLength(late.count - 3);
    expect(new Set([...first.records, ...rest].map((r) => r.id)).size).toBe(late.count);
    // Each is owed today (due before it, not paid), and most fell due while the landlord was away.
    for (const { id } of [...first.records, ...rest]) {
      const p = byId.get(id)!;
      expect(String(p.due_date) < today).toBe(true);
      expect(p.paid_date === null || String(p.paid_date) > today).toBe(true);
    }
    const ending = services.since.records('leases_ending', 0, 100);
    expect(ending.total).toBeGreaterThan(0);
  });
});
