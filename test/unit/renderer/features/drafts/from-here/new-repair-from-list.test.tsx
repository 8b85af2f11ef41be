// @vitest-environment happy-dom
// "New maintenance request" on the Maintenance list: one click drafts a request with property and
// unit left empty (the landlord picks them; the unit picker then narrows to the property's units) and
// the report time set to now, as the contract's "when the problem was reported" field reads. Other
// lists offer nothing of it, nor does a contract that takes no report time get one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import lakesideJson from '../../../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';
import { listActions } from '../../../../../../src/renderer/src/features/drafts/from-here/list-actions';
import { stubBridge } from '../../records/bridge-stub';

let create: ReturnType<typeof vi.fn>;

/**
 * Lakeside's contract with a writable "when the problem was reported" time on every schema that
 * names both a property and a unit (a maintenance request's), as the demo service's contract has.
 */
function lakesideWithReportTime(): unknown {
  const doc = JSON.parse(lakesideJson) as unknown;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const props = (node as { properties?: Record<string, unknown> }).properties;
    if (props && 'unit_id' in props && 'property_id' in props)
      props.reported_at = {
        type: 'string',
        format: 'date-time',
        description: 'When the problem was reported',
      };
    Object.values(node).forEach(visit);
  };
  visit(doc);
  return doc;
}

function withContract(doc: unknown) {
  create = vi.fn(async (args: { label: string }) => ({
    ok: true,
    data: { id: 'draft_9', label: args.label, changes: [] },
  }));
  stubBridge({
    contract: {
      get: async () => ({ ok: true, data: { doc, hash: 'h', fetchedAt: '', source: 'cache' } }),
      onChanged: () => () => undefined,
    },
    drafts: {
      create,
      onChanged: () => () => undefined,
      list: async () => ({ ok: true, data: { drafts: [] } }),
    },
  });
}

const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

beforeEach(() => {
  window.location.hash = '#/collections/maintenance_requests';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('New maintenance request on the Maintenance list', () => {
  it('drafts a request reported now, with property and unit left to pick, and opens it', async () => {
    withContract(lakesideWithReportTime());
    const before = Date.now();
    wrap(<>{listActions('maintenance_requests', {})}</>);
    fireEvent.click(await screen.findByRole('button', { name: 'New maintenance request' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const draft = create.mock.calls[0]![0] as {
      label: string;
      changes: Array<{ operation: string; resourceType: string; fields: Record<string, unknown> }>;
    };
    expect(draft.label).toBe('New maintenance request');
    expect(draft.changes).toHaveLength(1);
    const [change] = draft.changes;
    expect(change).toMatchObject({ operation: 'create', resourceType: 'maintenance_request' });
    expect(change!.fields.property_id).toBeUndefined();
    expect(change!.fields.unit_id).toBeUndefined();
    // Now, to the minute.
    const reported = Date.parse(String(change!.fields.reported_at));
    expect(reported).toBeGreaterThan(before - 60_000);
    expect(reported).toBeLessThanOrEqual(Date.now());
    await waitFor(() => expect(window.location.hash).toBe('#/drafts/draft_9'));
  });

  it('fills no date where the contract takes no report time (Acme)', async () => {
    withContract(JSON.parse(acmeJson) as unknown);
    wrap(<>{listActions('maintenance_requests', {})}</>);
    fireEvent.click(await screen.findByRole('button', { name: 'New maintenance request' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const draft = create.mock.calls[0]![0] as { changes: Array<{ fields: Record<string, unknown> }> };
    expect(draft.changes[0]!.fields).toEqual({});
  });

  it('is offered on no other list', async () => {
    withContract(lakesideWithReportTime());
    wrap(
      <>
        {listActions('units', {})}
        {listActions('leases', {})}
        <span>lists</span>
      </>,
    );
    await screen.findByText('lists');
    expect(screen.queryByRole('button', { name: 'New maintenance request' })).toBeNull();
    // A whole Leases list offers no renewal of every lease at once.
    expect(screen.queryByRole('button', { name: /Renew/ })).toBeNull();
  });

  it('leaves a Leases list narrowed by the service’s filters its renewal of the leases shown', async () => {
    withContract(lakesideWithReportTime());
    wrap(
      <>
        {listActions('leases', { status: 'active' })}
        <span>lists</span>
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Renew these leases' })).toBeTruthy();
  });
});
