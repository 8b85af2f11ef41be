// Each portfolio view, computed by main from the offline copy, checked against figures this test
// computes on its own from the sandbox's data read with plain fetch; and each view's CSV export.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioTable } from '../../../../src/shared/portfolio';
import type { ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
let csvDir: string;
let savePath: string | undefined;
const data: Record<string, ServiceRecord[]> = {};
const today = new Date().toISOString().slice(0, 10);
const days = (from: string, to: string) =>
  Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000);
const cents = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  csvDir = mkdtempSync(join(tmpdir(), 'propdesk-csv-'));
  fx = await offlineCopyFixture({ seed: 21 }, { chooseSaveFile: async () => savePath });
  for (const c of ['properties', 'units', 'tenants', 'leases', 'payments', 'maintenance_requests'] as const)
    data[c] = await cleanListing(fx.sandbox.baseUrl, fx.key, c);
  await fx.services.contract.get(fx.connectionId, () => fx.services.clients.client().openapi());
  await offlineCopyToEnd(fx.services);
});

afterAll(async () => {
  await fx.close();
  rmSync(csvDir, { recursive: true, force: true, maxRetries: 10 });
});

const view = (name: PortfolioTable['view']) => fx.services.handlers['portfolio.view']({ view: name });
const summary = (t: PortfolioTable, label: string) => t.summary.find((s) => s.label === label)?.value;

function runningLease(unitId: string): ServiceRecord | undefined {
  const running = data.leases!.filter(
    (l) =>
      l.unit_id === unitId &&
      String(l.start_date) <= today &&
      (l.end_date === null || String(l.end_date) >= today),
  );
  running.sort((a, b) => String(b.start_date).localeCompare(String(a.start_date)));
  return running[0];
}

/** The units whose running lease ends within `within` days with no lease after it, and the day each is free. */
function becomingVacant(within: number): Map<string, string> {
  const horizon = new Date(Date.parse(today) + within * 86_400_000).toISOString().slice(0, 10);
  const coming = new Map<string, string>();
  for (const unit of data.units!) {
    const lease = runningLease(unit.id);
    if (!lease || typeof lease.end_date !== 'string' || lease.end_date > horizon) continue;
    const end = String(lease.end_date);
    if (data.leases!.some((l) => l.unit_id === unit.id && l.id !== lease.id && String(l.start_date) >= end))
      continue;
    coming.set(unit.id, new Date(Date.parse(end) + 86_400_000).toISOString().slice(0, 10));
  }
  return coming;
}

const comingOn = (t: PortfolioTable) =>
  new Map(t.rows.filter((r) => r.flag === 'becoming vacant').map((r) => [r.id, r.cells.vacant_from]));

describe('portfolio views', () => {
  it('rent roll: each unit with its running lease, tenant and rent against market; vacant units marked', async () => {
    const t = await view('rent-roll');
    expect(t.missing).toEqual([]);
    expect(t.asOf).toMatch(/^\d{4}-/);
    expect(t.rows.length).toBe(data.units!.length);
    const tenants = new Map(data.tenants!.map((x) => [x.id, x]));
    const properties = new Map(data.properties!.map((x) => [x.id, x]));
    let rent = 0;
    let market = 0;
    let vacant = 0;
    for (const unit of data.units!) {
      const row = t.rows.find((r) => r.id === unit.id)!;
      const lease = runningLease(unit.id);
      expect(row.group).toBe(properties.get(String(unit.property_id))!.name);
      expect(row.flag).toBe(lease ? null : 'vacant');
      expect(row.cells.tenant).toBe(lease ? tenants.get(String(lease.tenant_id))!.name : null);
      expect(row.cells.rent).toBe(lease ? lease.monthly_rent : null);
      expect(row.cells.market_rent).toBe(unit.market_rent);
      if (lease) rent += cents(lease.monthly_rent as number);
      else vacant += 1;
      market += cents(unit.market_rent as number);
    }
    expect(vacant).toBeGreaterThan(0);
    expect(summary(t, 'Vacant')).toBe(vacant);
    expect(cents(summary(t, 'Monthly rent')!)).toBe(rent);
    expect(cents(summary(t, 'Market rent')!)).toBe(market);
  });

  it('lease expirations: leases ending in 0–30, 31–60, 61–90 and 91–120 days', async () => {
    const t = await view('expirations');
    const expected = new Map<string, string>();
    for (const lease of data.leases!) {
      if (typeof lease.end_date !== 'string') continue;
      const left = days(today, lease.end_date);
      if (left < 0 || left > 120) continue;
      expected.set(
        lease.id,
        left <= 30 ? '0–30 days' : left <= 60 ? '31–60 days' : left <= 90 ? '61–90 days' : '91–120 days',
      );
    }
    expect(new Map(t.rows.map((r) => [r.id, r.group]))).toEqual(expected);
    for (const bucket of ['0–30 days', '31–60 days', '61–90 days', '91–120 days']) {
      const n = [...expected.values()].filter((b) => b === bucket).length;
      expect(n, bucket).toBeGreaterThan(0);
      expect(summary(t, bucket)).toBe(n);
    }
    // Soonest first.
    const left = t.rows.map((r) => r.cells.days_left as number);
    expect(left).toEqual([...left].sort((a, b) => a - b));
  });

  it('vacancy board: units with no running lease, days since the last lease ended, market rent', async () => {
    const t = await view('vacancy');
    const expected = new Map<string, number | null>();
    for (const unit of data.units!) {
      if (runningLease(unit.id)) continue;
      const ends = data
        .leases!.filter((l) => l.unit_id === unit.id && typeof l.end_date === 'string' && l.end_date < today)
        .map((l) => String(l.end_date))
        .sort();
      expected.set(unit.id, ends.length ? days(ends.at(-1)!, today) : null);
    }
    const vacantRows = t.rows.filter((r) => r.flag === 'vacant');
    expect(new Map(vacantRows.map((r) => [r.id, r.cells.days_vacant]))).toEqual(expected);
    expect(summary(t, 'Vacant units')).toBe(expected.size);
    // Beside them, units whose running lease ends within 90 days with no lease after it on the unit.
    const coming = becomingVacant(90);
    expect(coming.size).toBeGreaterThan(0);
    expect(comingOn(t)).toEqual(coming);
    expect(summary(t, 'Becoming vacant within 90 days, no lease after')).toBe(coming.size);
    const market = data
      .units!.filter((u) => expected.has(u.id))
      .reduce((s, u) => s + cents(u.market_rent as number), 0);
    expect(cents(summary(t, 'Market rent of vacant units')!)).toBe(market);
  });

  it('vacancy board: the window chosen decides which units are becoming vacant, and a window it does not offer is refused', async () => {
    const within30 = await fx.services.handlers['portfolio.view']({ view: 'vacancy', within: 30 });
    const within120 = await fx.services.handlers['portfolio.view']({ view: 'vacancy', within: 120 });
    const [soon, later] = [becomingVacant(30), becomingVacant(120)];
    // The windows tell apart: more units leave within 120 days than within 30.
    expect(later.size).toBeGreaterThan(soon.size);
    expect(comingOn(within30)).toEqual(soon);
    expect(comingOn(within120)).toEqual(later);
    expect(summary(within30, 'Becoming vacant within 30 days, no lease after')).toBe(soon.size);
    // The units vacant now do not change with the window.
    const vacantNow = (t: PortfolioTable) => t.rows.filter((r) => r.flag === 'vacant').map((r) => r.id);
    expect(vacantNow(within30)).toEqual(vacantNow(within120));
    expect(() => fx.services.portfolio.view('vacancy', { within: 45 as never })).toThrow(
      /looks 30, 60, 90, 120 days ahead/,
    );
    expect(() => fx.services.portfolio.view('rent-roll', { within: 90 })).toThrow(/does not look ahead/);
  });

  it('delinquency: unpaid payments past due, aged into buckets, per tenant and lease, labelled an estimate', async () => {
    const t = await view('delinquency');
    expect(t.title).toMatch(/estimate/i);
    expect(t.notes.join(' ')).toMatch(/no ledger/);
    const lines = new Map<string, { b: number[]; count: number }>();
    for (const p of data.payments!) {
      if (p.paid_date !== null || String(p.due_date) >= today) continue;
      const age = days(String(p.due_date), today);
      const key = `${String(p.tenant_id)}:${String(p.lease_id)}`;
      const line = lines.get(key) ?? { b: [0, 0, 0, 0], count: 0 };
      line.b[age <= 30 ? 0 : age <= 60 ? 1 : age <= 90 ? 2 : 3]! += cents(p.amount as number);
      line.count += 1;
      lines.set(key, line);
    }
    expect(lines.size).toBeGreaterThan(0);
    expect(t.rows.length).toBe(lines.size);
    for (const [key, line] of lines) {
      const row = t.rows.find((r) => r.id === key)!;
      expect(row, key).toBeDefined();
      expect(row.cells.payments).toBe(line.count);
      expect(
        ['age_0_30', 'age_31_60', 'age_61_90', 'age_90_plus'].map((k) => cents(row.cells[k] as number)),
      ).toEqual(line.b);
    }
    const total = [...lines.values()].reduce((s, l) => s + l.b.reduce((a, b) => a + b, 0), 0);
    expect(cents(summary(t, 'Total outstanding')!)).toBe(total);
  });

  it('maintenance triage: open requests per property, most urgent then oldest first', async () => {
    const t = await view('maintenance');
    const open = data.maintenance_requests!.filter(
      (m) => m.status !== 'completed' && m.status !== 'cancelled',
    );
    expect(new Set(t.rows.map((r) => r.id))).toEqual(new Set(open.map((m) => m.id)));
    for (const m of open) {
      const row = t.rows.find((r) => r.id === m.id)!;
      expect(row.cells.age_days).toBe(days(String(m.reported_at), today));
      expect(row.cells.priority).toBe(m.priority);
    }
    const rank = ['emergency', 'high', 'medium', 'low'];
    for (const group of new Set(t.rows.map((r) => r.group))) {
      const rows = t.rows.filter((r) => r.group === group);
      const keys = rows.map((r) => [rank.indexOf(String(r.cells.priority)), -(r.cells.age_days as number)]);
      expect(keys).toEqual([...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    }
    for (const p of rank) expect(summary(t, p) ?? 0).toBe(open.filter((m) => m.priority === p).length);
  });

  it('income by property: last calendar year’s money received per property and month, as the service’s payments add up', async () => {
    const year = Number(today.slice(0, 4)) - 1;
    const place = (leaseId: unknown) => {
      const lease = data.leases!.find((l) => l.id === leaseId);
      return data.units!.find((u) => u.id === lease?.unit_id)?.property_id;
    };
    // The oracle: every payment received in the year whose status says it came, in cents.
    const expected = new Map<string, Map<string, number>>();
    const statuses = new Set<string>();
    for (const p of data.payments!) {
      const day = typeof p.paid_date === 'string' ? p.paid_date : '';
      if (!day.startsWith(String(year))) continue;
      statuses.add(String(p.status));
      const months = expected.get(String(place(p.lease_id))) ?? new Map<string, number>();
      months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + cents(p.amount as number));
      expected.set(String(place(p.lease_id)), months);
    }
    // The demo's received payments are “paid”, or “late” and paid: both count.
    expect([...statuses].sort()).toEqual(['late', 'paid']);
    const t = await view('income');
    expect(t.period).toMatchObject({ text: String(year), from: `${year}-01-01`, to: `${year}-12-31` });
    expect(t.missing).toEqual([]);
    expect(new Set(t.rows.map((r) => r.id))).toEqual(new Set(expected.keys()));
    let total = 0;
    for (const row of t.rows) {
      const months = expected.get(row.id)!;
      for (let m = 1; m <= 12; m++) {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        expect(
          cents(row.cells[`m_${year}_${String(m).padStart(2, '0')}`] as number),
          `${row.group} ${month}`,
        ).toBe(months.get(month) ?? 0);
      }
      const sum = [...months.values()].reduce((a, b) => a + b, 0);
      expect(cents(row.cells.total as number)).toBe(sum);
      total += sum;
    }
    expect(cents(t.totals.total!)).toBe(total);
    expect(cents(summary(t, 'Received')!)).toBe(total);
    // A quarter of it: three months' columns, the same figures.
    const q4 = await fx.services.handlers['portfolio.view']({
      view: 'income',
      period: { kind: 'quarter', year, quarter: 4 },
    });
    expect(q4.columns.filter((c) => c.kind === 'money')).toHaveLength(4);
    for (const row of q4.rows)
      expect(row.cells[`m_${year}_12`]).toBe(t.rows.find((r) => r.id === row.id)!.cells[`m_${year}_12`]);
  });

  it('exports each view to a CSV an accounting program imports: header first, one row each, totals last', async () => {
    for (const name of [
      'rent-roll',
      'expirations',
      'vacancy',
      'delinquency',
      'maintenance',
      'income',
    ] as const) {
      savePath = join(csvDir, `${name}.csv`);
      const saved = await fx.services.handlers['portfolio.export']({ view: name });
      const t = await view(name);
      expect(saved).toEqual({
        saved: true,
        savedId: expect.any(String),
        name: `${name}.csv`,
        rows: t.rows.length,
      });
      const text = readFileSync(savePath, 'utf8');
      // A byte-order mark, so "−" and "–" in the headings read right in a spreadsheet.
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
      expect(parsed.errors, name).toEqual([]);
      // Amounts stay plain numbers; a money column's heading names their currency.
      expect(parsed.meta.fields).toEqual([
        t.groupLabel,
        ...t.columns.map((c) => (c.kind === 'money' ? `${c.label} (USD)` : c.label)),
      ]);
      // Every row, then the totals on one line of their own when the view has money columns.
      const totalled = Object.keys(t.totals).length > 0;
      expect(parsed.data.length).toBe(t.rows.length + (totalled ? 1 : 0));
      if (totalled) expect(parsed.data.at(-1)![t.groupLabel]).toBe('Total');
      // Statuses as the screen says them: "make ready", never "make_ready".
      for (const c of t.columns.filter((col) => col.kind === 'status'))
        expect(
          parsed.data.filter((r) => r[c.label]?.includes('_')),
          `${name} ${c.key}`,
        ).toEqual([]);
    }
    savePath = undefined;
    expect(await fx.services.handlers['portfolio.export']({ view: 'vacancy' })).toEqual({ saved: false });
  });

  it('puts one line saying what the file is before the header only when asked', async () => {
    savePath = join(csvDir, 'described.csv');
    await fx.services.handlers['portfolio.export']({ view: 'rent-roll', describe: true });
    const [first, second] = readFileSync(savePath, 'utf8').slice(1).split('\r\n');
    expect(first).toMatch(/^"?PropDesk Rent roll · .* · as of \d{4}-\d{2}-\d{2} · from the offline copy of /);
    expect(second!.startsWith('Property,')).toBe(true);
  });

  it('names records as the screens do: a unit “<property> · <unit>”, a lease “<tenant> · <unit>”', async () => {
    const find = (c: string, id: unknown) => data[c]!.find((r) => r.id === id)!;
    const unit = (id: unknown) => {
      const u = find('units', id);
      return `${String(find('properties', u.property_id).name)} · ${String(u.unit_number)}`;
    };
    const tenant = (id: unknown) => String(find('tenants', id).name);
    const lease = (id: unknown) => {
      const l = find('leases', id);
      return `${tenant(l.tenant_id)} · ${unit(l.unit_id)}`;
    };
    const rentRoll = await view('rent-roll');
    for (const row of rentRoll.rows) expect(row.cells.unit).toBe(unit(row.id));
    const vacancyBoard = await view('vacancy');
    for (const row of vacancyBoard.rows) expect(row.cells.unit).toBe(unit(row.id));
    const expiring = await view('expirations');
    for (const row of expiring.rows) {
      const l = find('leases', row.id);
      // The row's own lease by its own words; the records it points to by their labels.
      expect(row.cells).toMatchObject({
        lease: l.lease_number,
        unit: unit(l.unit_id),
        tenant: tenant(l.tenant_id),
        property: String(find('properties', find('units', l.unit_id).property_id).name),
      });
    }
    const owing = await view('delinquency');
    for (const row of owing.rows) {
      const leaseId = row.id.split(':')[1];
      expect(row.cells.lease).toBe(lease(leaseId));
      expect(row.cells.place).toBe(unit(find('leases', leaseId).unit_id));
    }
    const triage = await view('maintenance');
    for (const row of triage.rows) {
      const m = find('maintenance_requests', row.id);
      expect(row.cells.title).toBe(m.title);
      expect(row.cells.unit).toBe(m.unit_id ? unit(m.unit_id) : 'Common area');
    }
    // The CSV carries the same words.
    savePath = join(csvDir, 'named-rent-roll.csv');
    await fx.services.handlers['portfolio.export']({ view: 'rent-roll' });
    savePath = undefined;
    const lines = Papa.parse<string[]>(readFileSync(join(csvDir, 'named-rent-roll.csv'), 'utf8'), {
      skipEmptyLines: true,
    }).data;
    const header = lines.findIndex((l) => l[0] === rentRoll.groupLabel);
    const unitColumn = lines[header]!.indexOf('Unit');
    // The last line is the totals row.
    expect(lines.slice(header + 1, -1).map((l) => l[unitColumn])).toEqual(
      rentRoll.rows.map((r) => r.cells.unit),
    );
  });

  it('says which collections have no copy yet instead of showing empty figures as fact', async () => {
    await fx.services.handlers['offlineCopy.forget']({});
    const t = await view('rent-roll');
    expect(t.missing).toEqual(['properties', 'units', 'tenants', 'leases']);
    expect(t.asOf).toBeNull();
    expect(t.rows).toEqual([]);
  });
});
