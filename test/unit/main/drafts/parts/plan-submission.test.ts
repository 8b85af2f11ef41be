// The plan of a submission, on plain data (no database, no service): which changes of a draft go now,
// which wait for a later part, how the part is labelled for the reviewer, and which problems stop it,
// against the sandbox's contract and a contract of other field names (Harbor's tenant_ref).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDraft } from '../../../../../src/main/drafts/draft-checks';
import { planSubmission } from '../../../../../src/main/drafts/parts/plan-submission';
import { buildOpenApi } from '../../../../../src/sandbox/openapi/document';
import { compileContract } from '../../../../../src/shared/contract';
import type { DraftChange } from '../../../../../src/shared/drafts';
import { changeOf, linkTo } from './parts-fixtures';

const sandbox = compileContract(buildOpenApi('http://127.0.0.1:1'));
const harbor = compileContract(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../fixtures/contracts/harbor-openapi-3.0.json'), 'utf8'),
  ),
);

const DRAFT = { id: 'd1', label: 'Move-in at Cedar 1B', reviewGroup: null };

const create = (id: string, resourceType: DraftChange['resourceType'], fields: Record<string, unknown>) =>
  changeOf(id, { resourceType, fields });

const tenant = create('tenant', 'tenant', {
  name: 'Ana Lopez',
  email: 'ana@example.com',
  status: 'future',
  is_active: true,
});
const lease = {
  ...create('lease', 'lease', {
    unit_id: 'u1',
    start_date: '2026-12-01',
    end_date: '2027-11-30',
    monthly_rent: 1450,
    security_deposit: 1450,
    status: 'pending',
  }),
  links: [linkTo('tenant_id', 'tenant')],
};

describe('the plan of a submission', () => {
  it('sends a new tenant as part 1 of 2 and keeps the lease that names it for part 2', () => {
    const planned = planSubmission({
      draft: DRAFT,
      changes: [tenant, lease],
      contract: sandbox,
      pending: [],
    });
    expect(planned.ready.map((c) => c.id)).toEqual(['tenant']);
    expect(planned.later.map((c) => c.id)).toEqual(['lease']);
    expect(planned.sources.map((c) => c.id)).toEqual(['tenant']);
    expect(planned.plan).toEqual({
      sent: ['tenant'],
      later: ['lease'],
      group: { id: 'd1', part: 1, parts: 2 },
      label: 'Move-in at Cedar 1B — part 1 of 2',
      nextLabel: 'Move-in at Cedar 1B — part 2 of 2',
    });
    // The lease's tenant is required by the contract, but its link fills it in once the tenant exists.
    expect(planned.problems).toEqual([]);
    expect(planned.blocking).toEqual([]);
  });

  it('leaves a linked field unchecked under a contract of other field names', () => {
    const occupant = create('tenant', 'tenant', { given_name: 'Ana', family_name: 'Lopez' });
    const agreement = {
      ...create('lease', 'lease', { unit_ref: 'sp_1', begins: '2026-12-01', rent_pcm: 1450 }),
      links: [linkTo('tenant_ref', 'tenant')],
    };
    const planned = planSubmission({
      draft: DRAFT,
      changes: [occupant, agreement],
      contract: harbor,
      pending: [],
    });
    expect(planned.problems).toEqual([]);
    expect(planned.plan?.sent).toEqual(['tenant']);
    // Without the link, the same agreement misses its tenant.
    expect(checkDraft(DRAFT.label, [occupant, { ...agreement, links: [] }], harbor, [])).toContainEqual(
      expect.objectContaining({ changeId: 'lease', path: 'fields.tenant_ref' }),
    );
  });

  it('counts one part per step of waiting, and names each part in its label', () => {
    const payment = {
      ...create('payment', 'payment', { amount: 1450, due_date: '2026-12-01', status: 'pending' }),
      links: [linkTo('lease_id', 'lease', { resourceType: 'lease' }), linkTo('tenant_id', 'tenant')],
    };
    const planned = planSubmission({
      draft: DRAFT,
      changes: [tenant, lease, payment],
      contract: sandbox,
      pending: [],
    });
    expect(planned.ready.map((c) => c.id)).toEqual(['tenant']);
    expect(planned.later.map((c) => c.id)).toEqual(['lease', 'payment']);
    expect(planned.plan).toMatchObject({
      group: { part: 1, parts: 3 },
      label: 'Move-in at Cedar 1B — part 1 of 3',
      nextLabel: 'Move-in at Cedar 1B — part 2 of 3',
    });
    expect(planned.problems).toEqual([]);
  });

  it('labels a later part from its place in the group, cutting a long label to the service’s 200', () => {
    const long = 'L'.repeat(250);
    const laterPart = {
      id: 'd2',
      label: `${long} — part 2 of 3`,
      reviewGroup: { id: 'd1', part: 2, parts: 3 },
    };
    const repair = {
      ...create('repair', 'maintenance_request', {
        property_id: 'p1',
        title: 'Fit the smoke alarms',
        priority: 'high',
        status: 'open',
      }),
      links: [linkTo('unit_id', 'unit', { resourceType: 'unit' })],
    };
    const unit = {
      ...create('unit', 'unit', { property_id: 'p1', unit_number: '9Z' }),
      links: [linkTo('property_id', 'prop', { sourceDraftId: 'd1', state: 'filled', recordId: 'p1' })],
    };
    const planned = planSubmission({
      draft: laterPart,
      changes: [unit, repair],
      contract: undefined,
      pending: [],
    });
    expect(planned.plan?.group).toEqual({ id: 'd1', part: 2, parts: 3 });
    expect(planned.plan?.label).toHaveLength(200);
    expect(planned.plan?.label.endsWith(`${'L'.repeat(10)} — part 2 of 3`)).toBe(true);
    expect(planned.plan?.nextLabel.endsWith(' — part 3 of 3')).toBe(true);
  });

  it('sends everything, with no plan, once every link is filled in', () => {
    const filled = {
      ...lease,
      fields: { ...lease.fields, tenant_id: 't_42' },
      links: [linkTo('tenant_id', 'tenant', { sourceDraftId: 'd0', state: 'filled', recordId: 't_42' })],
    };
    const planned = planSubmission({ draft: DRAFT, changes: [filled], contract: sandbox, pending: [] });
    expect(planned.ready.map((c) => c.id)).toEqual(['lease']);
    expect(planned.later).toEqual([]);
    expect(planned.plan).toBeNull();
    expect(planned.sources).toEqual([]);
    expect(planned.blocking).toEqual([]);
  });

  it('stops a later part whose record is still waiting: nothing in it can go yet', () => {
    const waiting = {
      ...lease,
      links: [linkTo('tenant_id', 'tenant', { sourceDraftId: 'd0', state: 'waiting', batchId: 'b1' })],
    };
    const planned = planSubmission({ draft: DRAFT, changes: [waiting], contract: sandbox, pending: [] });
    expect(planned.ready).toEqual([]);
    expect(planned.plan).toBeNull();
    expect(planned.blocking).toEqual([
      {
        changeId: null,
        path: '',
        message:
          'Nothing in this draft can be sent yet: its changes wait for a new record to be approved at the service. PropDesk fills it in and says so when it is.',
      },
    ]);
  });

  it('stops a part whose link ended, with the note that says why', () => {
    const note = 'The new tenant was dismissed at the service, so it will not be created.';
    const ended = {
      ...lease,
      links: [linkTo('tenant_id', 'tenant', { sourceDraftId: 'd0', state: 'ended', note })],
    };
    const planned = planSubmission({ draft: DRAFT, changes: [ended], contract: sandbox, pending: [] });
    expect(planned.blocking).toEqual([{ changeId: 'lease', path: 'fields.tenant_id', message: note }]);
  });

  it('lets the first part go when only a later change has a problem, and stops it for its own', () => {
    const badLease = { ...lease, fields: { ...lease.fields, monthly_rent: 'a lot' } };
    const later = planSubmission({
      draft: DRAFT,
      changes: [tenant, badLease],
      contract: sandbox,
      pending: [],
    });
    expect(later.problems).toContainEqual(
      expect.objectContaining({ changeId: 'lease', path: 'fields.monthly_rent' }),
    );
    expect(later.blocking).toEqual([]);

    const badTenant = { ...tenant, fields: { ...tenant.fields, is_active: 'yes' } };
    const now = planSubmission({ draft: DRAFT, changes: [badTenant, lease], contract: sandbox, pending: [] });
    expect(now.blocking).toContainEqual(
      expect.objectContaining({ changeId: 'tenant', path: 'fields.is_active' }),
    );
  });

  it('checks a draft with no links exactly as the draft checks do, every change going now', () => {
    const update: DraftChange = {
      id: 'rent',
      operation: 'update',
      resourceType: 'lease',
      resourceId: 'l_1',
      fields: { monthly_rent: 1500 },
      snapshot: { monthly_rent: 1450 },
      updatedAt: '2026-11-23T00:00:00Z',
    };
    const twice = { ...update, id: 'rent-again', fields: { monthly_rent: 1550 } };
    const planned = planSubmission({
      draft: DRAFT,
      changes: [update, twice],
      contract: sandbox,
      pending: [],
    });
    expect(planned.ready.map((c) => c.id)).toEqual(['rent', 'rent-again']);
    expect(planned.plan).toBeNull();
    expect(planned.problems).toEqual(checkDraft(DRAFT.label, [update, twice], sandbox, []));
    expect(planned.blocking).toEqual(planned.problems);
    expect(planned.problems).toHaveLength(1);
  });
});
