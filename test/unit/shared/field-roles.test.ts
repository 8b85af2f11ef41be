// Which contract field holds each date, status, priority and flag the portfolio views read: the
// sandbox's contract (the documented names, copied as they are), Lakeside's and Harbor's (their own
// names, found by meaning), Acme's (a paid time rather than a date); and a contract with two fields
// that could each be a lease's end, which fills neither rather than guess.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../src/shared/contract';
import { buildOpenApi } from '../../../src/sandbox/openapi/document';
import { deciderField, fieldRoles, fieldsIn, roleFieldAmong } from '../../../src/shared/field-roles';

const fixtureDoc = (name: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../fixtures/contracts', name), 'utf8')) as Record<
    string,
    unknown
  >;
const fixture = (name: string) => compileContract(fixtureDoc(name));
const filled = (roles: ReturnType<typeof fieldRoles>) =>
  Object.fromEntries(roles.map((r) => [`${r.collection}.${r.role}`, r.field]));

describe('field roles from the contract', () => {
  it('reads the sandbox’s own names and copies nothing', () => {
    const roles = fieldRoles(compileContract(buildOpenApi('http://127.0.0.1:1')));
    // The demo's leases say nothing of a renewal: that role alone is unfilled.
    for (const r of roles) expect(r.field).toBe(r.role === 'renewal_status' ? null : r.role);
    expect(roles.map((r) => `${r.collection}.${r.role}`)).toContain('leases.end_date');
    const leases = [{ id: 'l1', start_date: '2026-01-01', end_date: null }];
    expect(fieldsIn('leases', leases, roles)).toBe(leases);
  });

  it('finds Lakeside’s commencement, expiry, due and settled dates, states, urgency and verified flag', () => {
    expect(filled(fieldRoles(fixture('lakeside-openapi-3.1.json')))).toEqual({
      'leases.start_date': 'commences',
      'leases.end_date': 'expires',
      'leases.status': 'status',
      'leases.renewal_status': null,
      'units.status': 'state',
      'payments.due_date': 'due_on',
      'payments.paid_date': 'settled_on',
      'payments.status': 'state',
      'maintenance_requests.priority': 'urgency',
      'maintenance_requests.status': 'status',
      'maintenance_requests.reported_at': null,
      'maintenance_requests.created_at': 'created',
      'documents.is_verified': 'is_verified',
    });
  });

  it('finds Harbor’s begins/ends, logged time and verified flag, and leaves a paid flag that is no date unfilled', () => {
    const roles = filled(fieldRoles(fixture('harbor-openapi-3.0.json')));
    expect(roles).toMatchObject({
      'leases.start_date': 'begins',
      'leases.end_date': 'ends',
      'leases.status': 'state',
      'payments.due_date': 'due',
      'payments.paid_date': null,
      'maintenance_requests.priority': 'urgency',
      'maintenance_requests.reported_at': 'logged_at',
      'documents.is_verified': 'verified',
    });
    // Harbor's units say "occupancy", which is not a status by its name.
    expect(roles['units.status']).toBeNull();
  });

  it('takes Acme’s paid time as the paid date', () => {
    expect(filled(fieldRoles(fixture('acme-openapi-3.1.json')))['payments.paid_date']).toBe('paid_at');
  });

  it('translates records into the views’ names and keeps the contract’s own fields', () => {
    const roles = fieldRoles(fixture('lakeside-openapi-3.1.json'));
    const [lease] = fieldsIn('leases', [{ id: 't1', commences: '2026-02-01', expires: null }], roles);
    expect(lease).toMatchObject({ start_date: '2026-02-01', end_date: null, commences: '2026-02-01' });
  });

  it('fills no end date when two fields could each be one, and takes the end off the records', () => {
    const doc = fixtureDoc('lakeside-openapi-3.1.json') as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    doc.components.schemas.TenancyWritable!.properties.ends_on = { type: 'string', format: 'date' };
    const roles = fieldRoles(compileContract(doc));
    const end = roles.find((r) => r.collection === 'leases' && r.role === 'end_date')!;
    expect(end.field).toBeNull();
    expect([...end.candidates].sort()).toEqual(['ends_on', 'expires']);
    const [lease] = fieldsIn('leases', [{ id: 't1', expires: '2026-03-01', end_date: '2026-03-01' }], roles);
    expect(lease!.end_date).toBeUndefined();
    expect(lease!.expires).toBe('2026-03-01');
  });

  it('tells a lease’s renewal status from its status, and finds each among the fields a suggestion takes', () => {
    const doc = fixtureDoc('lakeside-openapi-3.1.json') as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    doc.components.schemas.TenancyWritable!.properties.renewal_status = {
      type: 'string',
      enum: ['not_offered', 'offered', 'renewed', 'not_renewing'],
    };
    const contract = compileContract(doc);
    const roles = filled(fieldRoles(contract));
    expect(roles['leases.status']).toBe('status');
    expect(roles['leases.renewal_status']).toBe('renewal_status');
    const update = contract.resources.lease.updateFields;
    expect(roleFieldAmong(update, 'leases', 'renewal_status')?.name).toBe('renewal_status');
    expect(roleFieldAmong(update, 'leases', 'end_date')?.name).toBe('expires');
    expect(roleFieldAmong(update, 'leases', 'no_such_role')).toBeNull();
  });

  it('reads records as they are when no contract is stored', () => {
    expect(fieldRoles(undefined)).toEqual([]);
  });

  it('finds who decided a suggestion by meaning, and no one where the contract lists no such field', () => {
    expect(deciderField(compileContract(buildOpenApi('http://127.0.0.1:1')))).toBe('decidedBy');
    // Lakeside and Acme describe no listing of proposals; Harbor's names no person who decided.
    for (const name of ['lakeside-openapi-3.1.json', 'acme-openapi-3.1.json', 'harbor-openapi-3.0.json'])
      expect(deciderField(fixture(name))).toBeNull();
    // Another name for the same thing is found; a time or a note of the decision is not a person.
    type Props = Record<string, unknown>;
    const doc = buildOpenApi('http://127.0.0.1:1') as {
      components: { schemas: Record<string, { properties: Props }> };
    };
    const item = doc.components.schemas.ProposalListItem!.properties;
    item.reviewer = item.decidedBy;
    delete item.decidedBy;
    item.decision_note = { type: 'string' };
    expect(deciderField(compileContract(doc))).toBe('reviewer');
    item.approved_by = { type: 'string' };
    expect(deciderField(compileContract(doc))).toBeNull();
  });
});
