// The contract compiler against two differently built contracts: field names, enums, required
// fields and structure all differ, so any hard-coded knowledge would fail one of them.
import { describe, expect, it } from 'vitest';
import { compileContract, ContractError, validateChanges } from '../../../../src/shared/contract';
import { loadFixture } from '../../../support/fixture';

const acme = loadFixture('acme-openapi-3.1.json');
const harbor = loadFixture('harbor-openapi-3.0.json');
const names = (fields: Array<{ name: string }>) => fields.map((f) => f.name);

describe('compileContract on an OpenAPI 3.1 contract with oneOf + const change items', () => {
  const c = compileContract(acme);

  it('reads each resource type’s writable fields from the suggestion schema', () => {
    expect(c.resources.lease.source).toEqual({ create: 'proposal-schema', update: 'proposal-schema' });
    expect(names(c.resources.lease.updateFields)).toEqual([
      'unit_id',
      'tenant_id',
      'start_date',
      'end_date',
      'monthly_rent',
      'status',
    ]);
    expect(names(c.resources.maintenance_request.createFields)).toEqual([
      'property_id',
      'title',
      'priority',
      'status',
    ]);
  });

  it('describes fields: humanised labels, types, enums, nullability, limits', () => {
    const rent = c.resources.lease.createFields.find((f) => f.name === 'monthly_rent')!;
    expect(rent).toMatchObject({
      label: 'Monthly rent',
      type: 'number',
      required: true,
      nullable: false,
      min: 0,
      exclusiveMin: true,
      max: 1_000_000,
    });
    const end = c.resources.lease.createFields.find((f) => f.name === 'end_date')!;
    expect(end).toMatchObject({
      type: 'date',
      nullable: true,
      required: false,
      description: 'Last day; null for month-to-month',
    });
    const status = c.resources.unit.createFields.find((f) => f.name === 'status')!;
    expect(status).toMatchObject({
      type: 'enum',
      enumValues: ['vacant', 'occupied', 'notice_given'],
      required: true,
    });
    expect(c.resources.property.createFields.find((f) => f.name === 'state')).toMatchObject({
      pattern: '^[A-Z]{2}$',
    });
    expect(c.resources.property.createFields.find((f) => f.name === 'year_built')).toMatchObject({
      type: 'integer',
      nullable: true,
      min: 1800,
    });
  });

  it('validates update fields strictly: right types pass, wrong types, unknown names and empty changes fail', () => {
    const update = c.resources.lease.updateSchema;
    expect(update.safeParse({ monthly_rent: 1450.5 }).success).toBe(true);
    expect(update.safeParse({ end_date: null }).success).toBe(true);
    expect(update.safeParse({ monthly_rent: '1450' }).success).toBe(false);
    expect(update.safeParse({ monthly_rent: 0 }).success).toBe(false);
    expect(update.safeParse({ status: 'cancelled' }).success).toBe(false);
    expect(update.safeParse({ start_date: '2025-02-30x' }).success).toBe(false);
    const unknown = update.safeParse({ monthly_rent: 1000, rent: 1000 });
    expect(unknown.success).toBe(false);
    expect(update.safeParse({}).success).toBe(false);
  });

  it('requires the create-required fields, and only those', () => {
    const create = c.resources.tenant.createSchema;
    expect(create.safeParse({ full_name: 'Ada Lovelace', email: 'ada@example.com' }).success).toBe(true);
    expect(create.safeParse({ full_name: 'Ada Lovelace' }).success).toBe(false);
    expect(create.safeParse({ full_name: 'Ada', email: 'not-an-email' }).success).toBe(false);
  });

  it('gives record fields for every collection, read-only ones marked, a self-referencing field as unknown', () => {
    const props = c.recordFields.properties;
    expect(props.find((f) => f.name === 'id')).toMatchObject({ readOnly: true, label: 'ID' });
    expect(props.find((f) => f.name === 'created_at')).toMatchObject({ readOnly: true, type: 'date-time' });
    expect(props.find((f) => f.name === 'manager')).toMatchObject({ type: 'unknown' });
    expect(names(c.recordFields.documents)).toContain('is_verified');
  });
});

describe('compileContract on an OpenAPI 3.0 contract with anyOf + discriminator mapping and open fields', () => {
  const c = compileContract(harbor);

  it('tells change items apart by the discriminator mapping, not by component names', () => {
    expect(names(c.resources.unit.createFields)).toEqual(['building_id', 'unit_code', 'sqft', 'occupancy']);
    expect(names(c.resources.lease.createFields)).toEqual([
      'unit_ref',
      'tenant_ref',
      'begins',
      'ends',
      'rent_pcm',
      'state',
    ]);
    expect(names(c.resources.tenant.createFields)).not.toContain('full_name');
  });

  it('reads create-required fields from an if/then on operation', () => {
    const required = c.resources.property.createFields.filter((f) => f.required).map((f) => f.name);
    expect(required).toEqual(['title', 'street', 'kind']);
    expect(c.resources.property.updateFields.every((f) => !f.required)).toBe(true);
    expect(c.resources.property.updateSchema.safeParse({ floors: null }).success).toBe(true);
    expect(
      c.resources.property.createSchema.safeParse({ title: 'Dock House', street: '1 Quay' }).success,
    ).toBe(false);
  });

  it('understands OpenAPI 3.0 nullable and boolean exclusiveMinimum', () => {
    const lease = c.resources.lease.updateSchema;
    expect(lease.safeParse({ ends: null }).success).toBe(true);
    expect(lease.safeParse({ rent_pcm: 0 }).success).toBe(false);
    expect(lease.safeParse({ rent_pcm: 0.01 }).success).toBe(true);
    expect(lease.safeParse({ monthly_rent: 1200 }).success).toBe(false);
    expect(c.resources.lease.createFields.find((f) => f.name === 'ends')).toMatchObject({
      nullable: true,
      type: 'date',
    });
  });

  it('falls back to the GET record schema minus readOnly fields where `fields` is open', () => {
    const payment = c.resources.payment;
    expect(payment.source).toEqual({ create: 'record-schema', update: 'record-schema' });
    expect(names(payment.createFields)).toEqual(['lease_ref', 'value', 'due', 'method', 'notes', 'settled']);
    // Nullable and defaulted record fields are not demanded on create.
    expect(payment.createFields.filter((f) => f.required).map((f) => f.name)).toEqual([
      'lease_ref',
      'value',
      'due',
      'method',
    ]);
    expect(payment.updateSchema.safeParse({ receipt_no: 'R-1' }).success).toBe(false);
    expect(payment.updateSchema.safeParse({ method: 'bank' }).success).toBe(true);
    expect(names(c.resources.maintenance_request.updateFields)).toEqual([
      'building_id',
      'summary',
      'urgency',
    ]);
  });

  it('finds records under paths relative to a server URL and through response $refs', () => {
    expect(names(c.recordFields.leases)).toEqual([
      'id',
      'version',
      'unit_ref',
      'tenant_ref',
      'begins',
      'ends',
      'rent_pcm',
      'state',
    ]);
    expect(names(c.recordFields.documents)).toEqual(['id', 'filename', 'bytes', 'verified']);
  });
});

describe('contract errors and batch validation', () => {
  it('rejects documents that are not OpenAPI 3.0/3.1 with a clear ContractError', () => {
    expect(() => compileContract({ swagger: '2.0', paths: {} })).toThrow(ContractError);
    expect(() => compileContract('<html>')).toThrow(/not an OpenAPI 3.0 or 3.1 document/);
    expect(() => compileContract({ openapi: '3.1.0', info: {}, paths: {} })).toThrow(
      /describes no fields that can be suggested/,
    );
  });

  it('reports a reference to something the document does not contain', () => {
    const broken = structuredClone(acme) as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.LeaseUpdateFields;
    expect(() => compileContract(broken)).toThrow(/refers to #\/components\/schemas\/LeaseUpdateFields/);
  });

  it('survives reference cycles', () => {
    const cyclic = structuredClone(acme) as { components: { schemas: Record<string, unknown> } };
    cyclic.components.schemas.Loop = { $ref: '#/components/schemas/Loop' };
    (cyclic.components.schemas.TenantFields as { properties: Record<string, unknown> }).properties.loop = {
      $ref: '#/components/schemas/Loop',
    };
    const c = compileContract(cyclic);
    expect(c.recordFields.tenants.find((f) => f.name === 'loop')).toMatchObject({ type: 'unknown' });
    expect(c.warnings.join(' ')).toMatch(/points back to itself/);
  });

  it('validates a whole batch and points at the failing change and field', () => {
    const c = compileContract(acme);
    const changes = Array.from({ length: 200 }, (_, i) => ({
      operation: 'update' as const,
      resourceType: 'lease' as const,
      resourceId: `lease_${i}`,
      fields: { monthly_rent: 1000 + i },
    }));
    expect(validateChanges(c, { label: 'Rent review', changes }).ok).toBe(true);
    changes[17]!.fields = { monthly_rent: 'lots' as unknown as number };
    const result = validateChanges(c, { changes });
    expect(result).toMatchObject({ ok: false, problems: [{ index: 17, path: 'fields.monthly_rent' }] });
    expect(validateChanges(c, { changes: [] }).ok).toBe(false);
  });

  // Names every object already has ("constructor", "toString") or that assigning would not make a
  // property ("__proto__") are a contract's to choose; each is read as any other field.
  it.each([
    ['Acme', acme],
    ['Harbor', harbor],
  ])('reads fields named constructor, toString and __proto__ in the %s contract', (_name, doc) => {
    const odd = JSON.parse(
      JSON.stringify(doc).replace(
        /"properties":\{/g,
        '"properties":{"constructor":{"type":"string"},"toString":{"type":"string"},"__proto__":{"type":"string"},',
      ),
    ) as unknown;
    const c = compileContract(odd);
    const fields = c.resources.lease.updateFields;
    expect(names(fields).slice(0, 3)).toEqual(['constructor', 'toString', '__proto__']);
    expect(fields.find((f) => f.name === 'constructor')).toMatchObject({
      label: 'Constructor',
      type: 'string',
    });
    const change = (fields: Record<string, unknown>) => ({
      changes: [{ operation: 'update', resourceType: 'lease', resourceId: 'lease_1', fields }],
    });
    expect(validateChanges(c, change({ constructor: 'a' })).ok).toBe(true);
    expect(validateChanges(c, change({ toString: 'b' })).ok).toBe(true);
    expect(validateChanges(c, change({ constructor: 7 }))).toMatchObject({
      ok: false,
      problems: [{ index: 0, path: 'fields.constructor' }],
    });
  });
});
