// @vitest-environment happy-dom
// The draft editor's note on a draft that may already have been sent (its submission's record was lost
// when a damaged database was salvaged): said while the draft is editable, leading to the batch the
// poll found with its name, and saying that sending it again asks first.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftDetail } from '../../../../../../src/shared/drafts';
import { MaybeSentNote } from '../../../../../../src/renderer/src/features/drafts/editor/maybe-sent-note';

const draft: DraftDetail = {
  id: 'd1',
  label: 'Rent for June',
  state: 'editing',
  changeCount: 0,
  maxChanges: 200,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
  revision: 2,
  valid: true,
  problemCount: 0,
  reviewGroup: null,
  submission: null,
  changes: [],
  problems: [],
  rejection: null,
};

afterEach(cleanup);

describe('the note on a draft that may already have been sent', () => {
  it('says why, and that the batch may appear in Suggestions', () => {
    render(
      <MaybeSentNote draft={{ ...draft, maybeSent: { since: '2026-06-02T09:00:00.000Z', batchId: null } }} />,
    );
    const note = screen.getByRole('status', { name: 'May already have been sent' });
    expect(note.textContent).toMatch(/^PropDesk lost the record of sending this draft when it repaired/);
    expect(note.textContent).toContain('If a batch with its name appears in Suggestions, it was sent.');
    expect(note.textContent).toContain('Submitting it again asks you first.');
  });

  it('leads to the batch the poll found with its name', () => {
    render(
      <MaybeSentNote
        draft={{ ...draft, maybeSent: { since: '2026-06-02T09:00:00.000Z', batchId: 'b-found' } }}
      />,
    );
    const link = screen.getByRole('link', { name: 'See it in Suggestions' });
    expect(link.getAttribute('href')).toBe('#/suggestions?batch=b-found');
  });

  it('says nothing of a draft sent as usual', () => {
    render(<MaybeSentNote draft={draft} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
