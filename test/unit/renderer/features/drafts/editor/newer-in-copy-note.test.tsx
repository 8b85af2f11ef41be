// @vitest-environment happy-dom
// The early hint on a change's card: said when main marks the change's record newer in the offline
// copy, naming the drafted fields by their labels (or saying a later version when none of them
// differ), and that the record is read from the service again before anything is sent.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDescriptor } from '../../../../../../src/shared/contract';
import type { DraftChange } from '../../../../../../src/shared/drafts';
import { NewerInCopyNote } from '../../../../../../src/renderer/src/features/drafts/editor/newer-in-copy-note';

const rent: FieldDescriptor = {
  name: 'monthly_rent',
  label: 'Monthly rent',
  type: 'number',
  required: false,
  nullable: false,
  readOnly: false,
};
const change: DraftChange = {
  id: 'c1',
  operation: 'update',
  resourceType: 'lease',
  resourceId: 'lease_1',
  fields: { monthly_rent: 1500 },
  snapshot: { id: 'lease_1', monthly_rent: 1400 },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

afterEach(cleanup);

describe('the hint that a record changed since drafting', () => {
  it('names the drafted fields the copy holds other values for', () => {
    render(
      <NewerInCopyNote
        change={{ ...change, newerInCopy: { fields: ['monthly_rent'], asOf: '2026-11-21T08:00:00.000Z' } }}
        descriptors={[rent]}
      />,
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toMatch(
      /^Changed on the service since you drafted this — check before submitting\./,
    );
    expect(note.textContent).toContain('holds other values for Monthly rent.');
    expect(note.textContent).toContain('read again from the service before anything is sent');
  });

  it('says a later version where none of the drafted fields differ', () => {
    render(
      <NewerInCopyNote
        change={{ ...change, newerInCopy: { fields: [], asOf: '2026-11-21T08:00:00.000Z' } }}
        descriptors={[rent]}
      />,
    );
    expect(screen.getByRole('note').textContent).toContain('holds a later version of it');
  });

  it('says nothing when the copy holds nothing newer', () => {
    render(<NewerInCopyNote change={change} descriptors={[rent]} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
