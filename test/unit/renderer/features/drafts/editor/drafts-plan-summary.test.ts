// The draft editor's plan line and change sentences, against two contracts whose field names
// differ, so nothing about the sandbox's own fields is assumed.
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import harborJson from '../../../../../fixtures/contracts/harbor-openapi-3.0.json?raw';
import lakesideJson from '../../../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../../../../src/shared/contract';
import { summarisePlan } from '../../../../../../src/renderer/src/features/drafts/editor/plan-summary';
import type { PlanChange } from '../../../../../../src/renderer/src/features/drafts/editor/plan-summary';
import {
  changeTitle,
  describeChange,
} from '../../../../../../src/renderer/src/features/drafts/editor/change-summary';
import type { LabelLookup } from '../../../../../../src/renderer/src/labels/label-view';

const acme = compileContract(JSON.parse(acmeJson) as unknown);
const harbor = compileContract(JSON.parse(harborJson) as unknown);
const lakeside = compileContract(JSON.parse(lakesideJson) as unknown);
/** Labels not read yet: a change is named by the copy kept with it. */
const unread: LabelLookup = (_c, id) => ({ state: 'loading', id, text: id, title: id });
const usd = (n: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(
    n,
  );

const leaseUpdate = (id: string, from: number, to: number, field = 'monthly_rent'): PlanChange => ({
  operation: 'update',
  resourceType: 'lease',
  fields: { [field]: to },
  snapshot: { id, [field]: from, lease_number: `L-${id}` },
});
const repair: PlanChange = {
  operation: 'create',
  resourceType: 'maintenance_request',
  fields: { title: 'Leaking tap' },
  snapshot: null,
};

describe('plan summary', () => {
  it('counts updates and creates per type and sums money deltas of updates', () => {
    const changes = [
      ...Array.from({ length: 14 }, (_, i) => leaseUpdate(`l${i}`, 1000, 1000 + (i < 10 ? 100 : 60))),
      repair,
      repair,
      repair,
    ];
    const plan = summarisePlan(changes, 'USD', acme);
    expect(plan.groups).toEqual([
      { resourceType: 'lease', operation: 'update', count: 14 },
      { resourceType: 'maintenance_request', operation: 'create', count: 3 },
    ]);
    expect(plan.deltas).toHaveLength(1);
    expect(plan.deltas[0]).toMatchObject({ field: 'monthly_rent', total: 1240, money: 'major', changes: 14 });
    expect(plan.text).toBe(
      `14 lease updates, 3 maintenance requests to create — monthly rent +${usd(1240)} in total`,
    );
  });

  it('uses the contract’s own field names and labels, and signs decreases', () => {
    const plan = summarisePlan([leaseUpdate('a', 1500, 1450, 'rent_pcm')], 'USD', harbor);
    expect(plan.text).toBe(`1 lease update — rent per month −${usd(50)} in total`);
  });

  it('leaves out updates without a snapshot, zero totals and non-numeric fields', () => {
    const plan = summarisePlan(
      [
        { operation: 'update', resourceType: 'lease', fields: { monthly_rent: 1200 }, snapshot: null },
        leaseUpdate('b', 1000, 1100),
        leaseUpdate('c', 1100, 1000),
        {
          operation: 'update',
          resourceType: 'lease',
          fields: { status: 'ended' },
          snapshot: { id: 'd', status: 'active' },
        },
      ],
      'USD',
      acme,
    );
    expect(plan.withoutSnapshot).toBe(1);
    expect(plan.deltas).toEqual([]);
    expect(plan.text).toBe('4 lease updates');
  });

  it('never sums a field the contract does not call a number', () => {
    const plan = summarisePlan(
      [
        {
          operation: 'update',
          resourceType: 'lease',
          fields: { unit_id: 7 },
          snapshot: { id: 'x', unit_id: 5 },
        },
      ],
      'USD',
      acme,
    );
    expect(plan.deltas).toEqual([]);
  });

  it('shows a contract’s whole minor units in currency units of the connection’s currency', () => {
    const plan = summarisePlan([leaseUpdate('a', 125_000, 131_250, 'rent_minor')], 'GBP', lakeside);
    const gbp = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' }).format(62.5);
    expect(plan.deltas[0]).toMatchObject({ field: 'rent_minor', money: 'minor', total: 6250 });
    expect(plan.text).toContain(`+${gbp} in total`);
  });

  it('says when there is nothing yet', () => {
    expect(summarisePlan([], 'USD', acme).text).toBe('No changes yet');
  });
});

describe('change sentences', () => {
  it('names the record and shows current → new in the field’s format', () => {
    const change = { ...leaseUpdate('l1', 1200, 1260), resourceId: 'l1' };
    expect(changeTitle(change, unread)).toBe('Lease L-l1');
    expect(describeChange(change, 'USD', unread, acme)).toBe(
      `Lease L-l1: monthly rent ${usd(1200)} → ${usd(1260)}`,
    );
  });

  it('names the changed record by its label once it has been read', () => {
    const change = { ...leaseUpdate('l1', 1200, 1260), resourceId: 'l1' };
    const named: LabelLookup = (_c, id) => ({
      state: 'named',
      id,
      text: 'Aisha Cohen · Cedar Commons · 1B',
      title: id,
    });
    expect(changeTitle(change, named)).toBe('Lease Aisha Cohen · Cedar Commons · 1B');
  });

  it('describes a new record by its suggested values', () => {
    expect(
      describeChange(
        { ...repair, resourceId: null, fields: { title: 'Leaking tap', priority: 'high' } },
        'USD',
        unread,
        acme,
      ),
    ).toBe('New maintenance request: title Leaking tap; priority high');
  });
});
