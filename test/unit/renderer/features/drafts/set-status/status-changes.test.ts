// "Set status…" finds the status field and its values in each contract shape, and drafts one update
// per chosen record, refusing plainly what a draft cannot hold.
import { describe, expect, it } from 'vitest';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import harborJson from '../../../../../fixtures/contracts/harbor-openapi-3.0.json?raw';
import lakesideJson from '../../../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';
import { compileContract } from '../../../../../../src/shared/contract';
import {
  statusChanges,
  statusFieldOf,
} from '../../../../../../src/renderer/src/features/drafts/set-status/status-changes';

const contracts = {
  acme: compileContract(JSON.parse(acmeJson) as unknown),
  harbor: compileContract(JSON.parse(harborJson) as unknown),
  lakeside: compileContract(JSON.parse(lakesideJson) as unknown),
};

describe('the status a suggestion may set', () => {
  it('is the field the status role finds, with the values each contract gives it', () => {
    expect(statusFieldOf(contracts.acme, 'maintenance_request')).toEqual({
      name: 'status',
      values: ['open', 'in_progress', 'closed'],
    });
    expect(statusFieldOf(contracts.lakeside, 'maintenance_request')).toEqual({
      name: 'status',
      values: ['logged', 'booked', 'done'],
    });
  });

  it('is refused in plain words where the contract has no status a suggestion may set', () => {
    expect(statusFieldOf(contracts.harbor, 'maintenance_request')).toMatch(/names no single status field/);
    expect(statusFieldOf(undefined, 'maintenance_request')).toMatch(/not loaded yet/);
  });
});

describe('the changes drafted', () => {
  it('are one update per chosen record, each setting the status, the record as read kept as current', () => {
    const read = new Map([['mr_1', { id: 'mr_1', status: 'open', title: 'Leak' }]]);
    const changes = statusChanges('maintenance_request', ['mr_1', 'mr_2', 'mr_1'], 'status', 'closed', read);
    expect(changes).toEqual([
      expect.objectContaining({
        operation: 'update',
        resourceType: 'maintenance_request',
        resourceId: 'mr_1',
        fields: { status: 'closed' },
        snapshot: read.get('mr_1'),
      }),
      expect.objectContaining({ resourceId: 'mr_2', fields: { status: 'closed' }, snapshot: null }),
    ]);
  });

  it('are refused, none drafted, when nothing or more than a batch holds is chosen', () => {
    expect(statusChanges('maintenance_request', [], 'status', 'closed', new Map())).toMatch(
      /Choose at least one/,
    );
    const many = Array.from({ length: 201 }, (_, i) => `mr_${i}`);
    expect(statusChanges('maintenance_request', many, 'status', 'closed', new Map())).toMatch(
      /at most 200 changes; 201 are chosen/,
    );
  });
});
