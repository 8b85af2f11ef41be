// Record labels from the contract: the same plan of what a landlord reads for each kind of record,
// filled from fields that three contracts name differently (the sandbox's, Harbor's and Lakeside's).
import { describe, expect, it } from 'vitest';
import {
  compileContract,
  createLabeller,
  formatLabel,
  labelPlanFor,
  labelPlans,
  rankLabelFields,
} from '../../../../src/shared/contract';
import type { FieldDescriptor, LabelPlan } from '../../../../src/shared/contract';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { loadFixture } from '../../../support/fixture';

type Records = Partial<Record<Collection, ServiceRecord[]>>;

/** A labeller over records at hand, in USD and US English so dates and amounts read the same everywhere. */
function labeller(plans: Record<Collection, LabelPlan>, records: Records, currency: string | null = 'USD') {
  const read = (c: Collection, id: string) => records[c]?.find((r) => r.id === id);
  const label = createLabeller(plans, read, { locale: 'en-US', ...(currency ? { currency } : {}) });
  return (c: Collection, id: string) => label(c, read(c, id)!);
}

const nothing = () => undefined;

/** A field as the contract compiler describes it; a plain optional string unless told otherwise. */
const f = (name: string, over: Partial<FieldDescriptor> = {}): FieldDescriptor => ({
  name,
  label: name,
  type: 'string',
  required: false,
  nullable: false,
  readOnly: false,
  ...over,
});

describe('labels on the sandbox’s contract', () => {
  const plans = labelPlans(compileContract(buildOpenApi('http://127.0.0.1:1')));
  const records: Records = {
    properties: [{ id: 'prop_1', name: 'Maple Court', address_line1: '1 Maple Street', city: 'Springfield' }],
    units: [{ id: 'unit_1', property_id: 'prop_1', unit_number: '3B', status: 'occupied' }],
    tenants: [
      { id: 'ten_1', name: 'Ada Lovelace', email: 'ada@example.com', status: 'current' },
      { id: 'ten_2', name: '  ', email: 'nameless@example.com' },
    ],
    leases: [
      { id: 'lease_1', lease_number: 'L-1042', unit_id: 'unit_1', tenant_id: 'ten_1', monthly_rent: 1450 },
      { id: 'lease_2', lease_number: 'L-1043', unit_id: 'unit_gone', tenant_id: 'ten_gone' },
    ],
    payments: [
      {
        id: 'pay_1',
        lease_id: 'lease_1',
        tenant_id: 'ten_1',
        amount: 1450.5,
        due_date: '2026-03-01',
        status: 'paid',
      },
    ],
    maintenance_requests: [
      { id: 'mnt_1', property_id: 'prop_1', unit_id: 'unit_1', title: 'Leaking tap', priority: 'high' },
      { id: 'mnt_2', property_id: 'prop_1', unit_id: null, title: 'Broken gate' },
    ],
    documents: [{ id: 'doc_1', name: 'lease-L-1042.pdf', entity_type: 'lease', entity_id: 'lease_1' }],
  };
  const label = labeller(plans, records);

  it('names places, people and files by their own name', () => {
    expect(label('properties', 'prop_1')).toBe('Maple Court');
    expect(label('tenants', 'ten_1')).toBe('Ada Lovelace');
    expect(label('documents', 'doc_1')).toBe('lease-L-1042.pdf');
  });

  it('names a unit within its property, and a lease by who rents what', () => {
    expect(label('units', 'unit_1')).toBe('Maple Court · 3B');
    expect(label('leases', 'lease_1')).toBe('Ada Lovelace · Maple Court · 3B');
  });

  it('names a payment by whose it is, when it is due and how much', () => {
    expect(label('payments', 'pay_1')).toBe('Ada Lovelace · Mar 1, 2026 · $1,450.50');
    expect(labeller(plans, records, null)('payments', 'pay_1')).toBe('Ada Lovelace · Mar 1, 2026');
    expect(labeller(plans, records, 'EUR')('payments', 'pay_1')).toBe(
      'Ada Lovelace · Mar 1, 2026 · €1,450.50',
    );
  });

  it('names a maintenance request by what is wrong, then where', () => {
    expect(label('maintenance_requests', 'mnt_1')).toBe('Leaking tap · Maple Court · 3B');
    expect(label('maintenance_requests', 'mnt_2')).toBe('Broken gate · Maple Court');
  });

  it('falls back to the record’s own words, a weak word, and last of all its ID', () => {
    expect(label('leases', 'lease_2')).toBe('L-1043');
    expect(label('tenants', 'ten_2')).toBe('nameless@example.com');
    expect(formatLabel(plans.units, { id: 'unit_9', property_id: 'prop_1' }, { lookup: nothing })).toBe(
      'unit_9',
    );
    expect(formatLabel(plans.units, { id: 'unit_9', unit_number: '4A' }, { lookup: nothing })).toBe('4A');
  });

  it('lists the references each plan reads, for a screen to fetch ahead', () => {
    expect(plans.units.references).toEqual([{ field: 'property_id', collection: 'properties' }]);
    expect(plans.leases.references.map((r) => r.field)).toEqual(['tenant_id', 'unit_id']);
    expect(plans.payments.references.map((r) => r.field)).toEqual(['tenant_id', 'lease_id']);
    expect(plans.properties.references).toEqual([]);
  });
});

describe('labels on Harbor’s contract (no <resource>_id links, names of its own)', () => {
  const plans = labelPlans(compileContract(loadFixture('harbor-openapi-3.0.json')));
  const records: Records = {
    properties: [{ id: 'b1', title: 'Harbour House', street: '2 Quay Road', kind: 'block' }],
    units: [{ id: 's1', building_id: 'b1', unit_code: 'A-12', sqft: 540 }],
    tenants: [{ id: 'o1', given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com' }],
    leases: [
      { id: 'a1', unit_ref: 's1', tenant_ref: 'o1', begins: '2025-01-01', rent_pcm: 900, state: 'live' },
    ],
    payments: [
      { id: 'r1', receipt_no: 'R-0012', lease_ref: 'a1', value: 900, due: '2026-03-01', settled: true },
    ],
    maintenance_requests: [{ id: 'j1', building_id: 'b1', summary: 'Lift out of order', urgency: 'high' }],
    documents: [{ id: 'p1', filename: 'survey.pdf', bytes: 1200 }],
  };
  const label = labeller(plans, records);

  it('reads title, unit code, given and family name, summary and file name', () => {
    expect(label('properties', 'b1')).toBe('Harbour House');
    expect(label('units', 's1')).toBe('A-12');
    expect(label('tenants', 'o1')).toBe('Grace Hopper');
    expect(label('maintenance_requests', 'j1')).toBe('Lift out of order');
    expect(label('documents', 'p1')).toBe('survey.pdf');
  });

  it('names a payment by its receipt number and due date when it links to no tenant it can name', () => {
    expect(label('payments', 'r1')).toBe('R-0012 · Mar 1, 2026');
  });

  it('names a lease with nothing better by its start date rather than its ID', () => {
    expect(label('leases', 'a1')).toBe('Jan 1, 2025');
  });
});

describe('labels on Lakeside’s contract (display_name, unit_no titled “Flat”, money in minor units)', () => {
  const plans = labelPlans(compileContract(loadFixture('lakeside-openapi-3.1.json')));
  const records: Records = {
    properties: [
      { id: 'bld_1', display_name: 'Harbour View', street_address: '9 Dock Lane', town: 'Bristol' },
    ],
    units: [{ id: 'flt_1', property_id: 'bld_1', unit_no: '3B', rent_minor: 145000 }],
    tenants: [{ id: 'res_1', given_name: 'Katherine', surname: 'Johnson', email: 'kj@example.com' }],
    leases: [
      { id: 'tn_1', reference: 'T-2231', unit_id: 'flt_1', tenant_id: 'res_1', rent_minor: 145000 },
      { id: 'tn_2', reference: 'T-2232', unit_id: 'flt_9', tenant_id: 'res_9' },
    ],
    payments: [{ id: 'ch_1', lease_id: 'tn_1', amount: 145000, due_on: '2026-04-01', receipt: null }],
    maintenance_requests: [
      { id: 'job_1', property_id: 'bld_1', unit_id: 'flt_1', headline: 'Damp in bathroom' },
    ],
    documents: [{ id: 'pp_1', title: 'Gas safety certificate', mime_type: 'application/pdf' }],
  };
  const label = labeller(plans, records, 'GBP');

  it('reads its own names: display name, flat, given name and surname, headline, title', () => {
    expect(label('properties', 'bld_1')).toBe('Harbour View');
    expect(label('units', 'flt_1')).toBe('Harbour View · 3B');
    expect(label('tenants', 'res_1')).toBe('Katherine Johnson');
    expect(label('maintenance_requests', 'job_1')).toBe('Damp in bathroom · Harbour View · 3B');
    expect(label('documents', 'pp_1')).toBe('Gas safety certificate');
  });

  it('names a lease by who rents what, else by its reference', () => {
    expect(label('leases', 'tn_1')).toBe('Katherine Johnson · Harbour View · 3B');
    expect(label('leases', 'tn_2')).toBe('T-2232');
  });

  it('names a payment through its lease, with its amount kept in pence shown in pounds', () => {
    expect(label('payments', 'ch_1')).toBe('Katherine Johnson · Harbour View · 3B · Apr 1, 2026 · £1,450.00');
  });
});

describe('ranking a record’s own fields', () => {
  const top = (fields: FieldDescriptor[]) => rankLabelFields(fields)[0]?.fields;

  it('prefers a display name, then a full name, then a name, then first and last name', () => {
    expect(top([f('name'), f('display_name'), f('full_name')])).toEqual(['display_name']);
    expect(top([f('first_name'), f('last_name'), f('full_name')])).toEqual(['full_name']);
    expect(top([f('first_name'), f('last_name'), f('email', { format: 'email' })])).toEqual([
      'first_name',
      'last_name',
    ]);
  });

  it('never puts an email, ID, date or web address before words, and skips IDs and links altogether', () => {
    expect(top([f('email', { format: 'email' }), f('nickname')])).toEqual(['nickname']);
    expect(top([f('website', { format: 'uri' }), f('address_line1')])).toEqual(['address_line1']);
    const ranked = rankLabelFields([f('id'), f('unit_id'), f('external_ref'), f('status'), f('city')]);
    expect(ranked).toEqual([]);
  });

  it('reads the description and the title as well as the name', () => {
    expect(top([f('street'), f('moniker', { description: 'What the tenants call the building' })])).toEqual([
      'moniker',
    ]);
    expect(top([f('street'), f('x1', { label: 'Building name' })])).toEqual(['x1']);
    expect(top([f('code', { description: 'Opaque internal identifier' }), f('street')])).toEqual(['street']);
  });

  it('takes a unit number kept as a whole number, never an amount of money or a phone number', () => {
    expect(top([f('floor_area', { type: 'number' }), f('unit_no', { type: 'integer' })])).toEqual([
      'unit_no',
    ]);
    expect(top([f('rent', { type: 'number' })])).toBeUndefined();
    expect(top([f('phone_number'), f('address')])).toEqual(['address']);
  });

  it('lets a reference the service issues name a record, but not a timestamp it stamps', () => {
    expect(top([f('lease_number', { readOnly: true }), f('notes')])).toEqual(['lease_number']);
    expect(rankLabelFields([f('created_at', { type: 'date-time', readOnly: true })])).toEqual([]);
  });
});

describe('plans beyond the fixtures', () => {
  const all = () => true;

  it('shows a lease’s own title beside who rents what, where the contract gives one', () => {
    const plan = labelPlanFor('leases', [f('tenant_id'), f('unit_id'), f('title')], all);
    const lookup = (c: Collection) => (c === 'tenants' ? 'Ada Lovelace' : 'Maple Court · 3B');
    expect(
      formatLabel(plan, { id: 'l1', tenant_id: 't', unit_id: 'u', title: 'Student let' }, { lookup }),
    ).toBe('Ada Lovelace · Maple Court · 3B · Student let');
  });

  it('follows a link only into a collection the contract describes', () => {
    const plan = labelPlanFor('units', [f('property_id'), f('unit_number')], (c) => c !== 'properties');
    expect(plan.context).toEqual([]);
    expect(
      formatLabel(plan, { id: 'u', property_id: 'p', unit_number: '7' }, { lookup: () => 'Never' }),
    ).toBe('7');
  });

  it('stops following links at a payment’s lease’s unit’s property', () => {
    const plans = labelPlans(compileContract(buildOpenApi('http://127.0.0.1:1')));
    const reads: string[] = [];
    const records: Records = {
      payments: [{ id: 'pay', lease_id: 'lease', due_date: '2026-01-01', amount: 5 }],
      leases: [{ id: 'lease', unit_id: 'unit', tenant_id: 'ten' }],
      tenants: [{ id: 'ten', name: 'Ada' }],
      units: [{ id: 'unit', property_id: 'prop', unit_number: '1' }],
      properties: [{ id: 'prop', name: 'Elm House' }],
    };
    const label = createLabeller(
      plans,
      (c, id) => {
        reads.push(`${c}/${id}`);
        return records[c]?.find((r) => r.id === id);
      },
      { locale: 'en-US', currency: 'USD' },
    );
    expect(label('payments', records.payments![0]!)).toBe('Ada · Elm House · 1 · Jan 1, 2026 · $5.00');
    // Each linked record is read once per depth, however many labels need it.
    label('payments', records.payments![0]!);
    expect(reads.filter((r) => r === 'properties/prop')).toHaveLength(1);
  });
});
