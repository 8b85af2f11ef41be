// Income by property on fixed records: money received counted in the month of its received date when
// the status says it came ("late" but paid too), by property through the lease's unit, added exactly;
// what is set apart (a status that says it did not come, or does not say; a lease not in the copy) is
// said, never dropped; an empty period is zero rows naming the period; and the contracts decide: the
// sandbox's, Lakeside's (settled_on, state, pence) and Harbor's, which has no received date at all.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { income } from '../../../../src/main/portfolio/income';
import type { IncomeAsk } from '../../../../src/main/portfolio/income';
import { readContract } from '../../../../src/main/portfolio/view-context';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { compileContract } from '../../../../src/shared/contract';
import type { IncomePeriod } from '../../../../src/shared/income-period';
import { contextOf, dataOf, lease, payment, property, unit } from './chart-fixture';

const YEAR_2025: IncomePeriod = { kind: 'year', year: 2025 };
const ask = (period: IncomePeriod = YEAR_2025): IncomeAsk => ({
  period,
  currency: 'USD',
  digits: 2,
  locale: 'en-US',
});

function portfolio() {
  const cedar = property('Cedar Commons');
  const maple = property('Maple Court');
  const c1 = unit({ property_id: cedar.id });
  const m1 = unit({ property_id: maple.id });
  const lc = lease({ unit_id: c1.id });
  const lm = lease({ unit_id: m1.id });
  return { cedar, maple, c1, m1, lc, lm };
}

describe('income by property', () => {
  it('counts money by the month it was received, “late” but paid too, exactly', () => {
    const p = portfolio();
    const payments = [
      payment({
        lease_id: p.lc.id,
        amount: 0.1,
        status: 'paid',
        due_date: '2024-12-01',
        paid_date: '2025-01-03',
      }),
      payment({
        lease_id: p.lc.id,
        amount: 0.2,
        status: 'late',
        due_date: '2025-01-01',
        paid_date: '2025-01-20',
      }),
      payment({ lease_id: p.lm.id, amount: 1250.5, status: 'paid', paid_date: '2025-12-31' }),
      // Received outside the year, not received, and due in the year but paid after it.
      payment({ lease_id: p.lm.id, amount: 999, status: 'paid', paid_date: '2024-12-31' }),
      payment({ lease_id: p.lm.id, amount: 999, status: 'unpaid', paid_date: null }),
      payment({
        lease_id: p.lm.id,
        amount: 999,
        status: 'paid',
        due_date: '2025-12-01',
        paid_date: '2026-01-02',
      }),
    ];
    const view = income(
      dataOf({ ...p, properties: [p.cedar, p.maple], units: [p.c1, p.m1], leases: [p.lc, p.lm], payments }),
      contextOf(),
      ask(),
    );
    expect(view.columns.filter((c) => c.kind === 'money').map((c) => c.label)).toEqual([
      ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map(
        (m) => `${m} 2025`,
      ),
      'Total',
    ]);
    expect(
      view.rows.map((r) => [r.group, r.cells.m_2025_01, r.cells.m_2025_12, r.cells.total, r.cells.payments]),
    ).toEqual([
      ['Cedar Commons', 0.3, 0, 0.3, 2],
      ['Maple Court', 0, 1250.5, 1250.5, 1],
    ]);
    expect(view.summary).toContainEqual({ label: 'Received', value: 1250.8, kind: 'money' });
    expect(view.notes.join(' ')).toMatch(/“paid”: 2, “late”: 1/);
  });

  it('puts payments whose lease or unit is not in the copy in “Property unknown”, and sets apart a status that does not say', () => {
    const p = portfolio();
    const payments = [
      payment({ lease_id: 'lease_gone', amount: 500, status: 'paid', paid_date: '2025-03-05' }),
      payment({ lease_id: p.lm.id, amount: 700, status: 'paid', paid_date: '2025-03-05' }),
      payment({ lease_id: p.lc.id, amount: 300, status: 'on_hold', paid_date: '2025-03-06' }),
      payment({ lease_id: p.lc.id, amount: 200, status: 'bounced', paid_date: '2025-03-07' }),
    ];
    // Cedar's unit is missing from the copy too.
    const view = income(
      dataOf({ properties: [p.cedar, p.maple], units: [p.m1], leases: [p.lc, p.lm], payments }),
      contextOf(),
      ask(),
    );
    expect(view.rows.map((r) => [r.group, r.cells.total])).toEqual([
      ['Maple Court', 700],
      ['Property unknown', 500],
    ]);
    const notes = view.notes.join(' ');
    expect(notes).toContain('1 payment ($500.00) names a lease or unit that is not in the offline copy');
    expect(notes).toContain('Not counted: 2 payments');
    expect(notes).toContain('“bounced”: 1, $200.00');
    expect(notes).toContain('“on_hold”: 1, $300.00');
  });

  it('a quarter and a month have their own columns; a period with nothing received is zero rows naming it', () => {
    const p = portfolio();
    const data = dataOf({
      properties: [p.cedar],
      units: [p.c1],
      leases: [p.lc],
      payments: [payment({ lease_id: p.lc.id, amount: 10, status: 'paid', paid_date: '2025-08-15' })],
    });
    const q3 = income(data, contextOf(), ask({ kind: 'quarter', year: 2025, quarter: 3 }));
    expect(q3.columns.map((c) => c.key)).toEqual([
      'property_id',
      'm_2025_07',
      'm_2025_08',
      'm_2025_09',
      'total',
      'payments',
    ]);
    expect(q3.rows[0]!.cells.m_2025_08).toBe(10);
    const july = income(data, contextOf(), ask({ kind: 'month', year: 2025, month: 7 }));
    expect(july.rows).toEqual([]);
    expect(july.notes[0]).toBe('No payment in the offline copy was received in July 2025.');
  });

  it('without a status field, the received date alone says the money came', () => {
    const p = portfolio();
    const data = dataOf({
      properties: [p.cedar],
      units: [p.c1],
      leases: [p.lc],
      payments: [payment({ lease_id: p.lc.id, amount: 10, status: undefined, paid_date: '2025-02-01' })],
    });
    const view = income(data, contextOf({ without: ['payments.status'] }), ask());
    expect(view.rows[0]!.cells.total).toBe(10);
    expect(view.notes.join(' ')).toContain('every payment with a received date counts');
  });

  it('says it cannot be made, and why, when payments have no received date', () => {
    expect(() => income(dataOf(), contextOf({ without: ['payments.paid_date'] }), ask())).toThrow(
      /cannot be made: the service's contract gives payments no date on which the money was received/,
    );
  });
});

const fixture = (name: string) =>
  compileContract(
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../fixtures/contracts', name), 'utf8')),
  );

describe('income by property under each contract', () => {
  it('the sandbox’s: paid_date, amount and status by their documented names', () => {
    const { ctx, shape } = readContract(
      compileContract(buildOpenApi('http://127.0.0.1:1')),
      '2026-05-01',
      'USD',
    );
    const data = dataOf({
      properties: [{ id: 'p1', name: 'Cedar' }],
      units: [{ id: 'u1', property_id: 'p1' }],
      leases: [{ id: 'l1', unit_id: 'u1' }],
      payments: shape('payments', [
        { id: 'x', lease_id: 'l1', amount: 1450.5, paid_date: '2025-06-01', status: 'late' },
      ]),
    });
    const view = income(data, ctx, ask());
    expect(view.rows[0]!.cells.total).toBe(1450.5);
    expect(view.notes[0]).toContain('(the payments' + "' “paid_date”)");
  });

  it('Lakeside’s: the day in “settled_on”, the status in “state”, amounts in pence read in pounds', () => {
    const { ctx, shape } = readContract(fixture('lakeside-openapi-3.1.json'), '2026-05-01', 'GBP');
    const data = dataOf({
      properties: [{ id: 'b1', display_name: 'Lakeside Tower' }],
      units: [{ id: 'f1', property_id: 'b1' }],
      leases: [{ id: 't1', unit_id: 'f1' }],
      payments: shape('payments', [
        {
          id: 'c1',
          lease_id: 't1',
          amount: 145050,
          due_on: '2025-05-01',
          settled_on: '2025-05-02',
          state: 'settled',
        },
        { id: 'c2', lease_id: 't1', amount: 99, due_on: '2025-06-01', settled_on: null, state: 'overdue' },
      ]),
    });
    const view = income(data, ctx, { ...ask(), currency: 'GBP' });
    expect(view.rows.map((r) => [r.cells.m_2025_05, r.cells.total])).toEqual([[1450.5, 1450.5]]);
    expect(view.notes[0]).toContain('“settled_on”');
  });

  it('Harbor’s, whose payments say only whether they are settled: the view cannot be made', () => {
    const { ctx } = readContract(fixture('harbor-openapi-3.0.json'), '2026-05-01', 'USD');
    expect(() => income(dataOf(), ctx, ask())).toThrow(/Income by property cannot be made/);
  });
});
