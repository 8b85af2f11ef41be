// @vitest-environment happy-dom
// A change whose record went unread says why in true words: with this computer online, the service
// could not be reached (not "offline?"); offline only while the computer has no network.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UnreadRecordNote } from '../../../../../../src/renderer/src/features/drafts/editor/unread-record-note';

afterEach(cleanup);

function showWith(state: { online: boolean; computerOnline: boolean }) {
  (window as unknown as { propdesk: unknown }).propdesk = {
    connectivity: { status: async () => ({ ok: true, data: { ...state, since: '' } }) },
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UnreadRecordNote />
    </QueryClientProvider>,
  );
}

describe('the note on a change whose record went unread', () => {
  it('says the service could not be reached while this computer is online', async () => {
    showWith({ online: false, computerOnline: true });
    expect(await screen.findByText(/the service could not be reached/)).toBeTruthy();
    expect(screen.queryByText(/offline/)).toBeNull();
  });

  it('speaks of being offline only while this computer has no network', async () => {
    showWith({ online: false, computerOnline: false });
    expect(await screen.findByText(/you may have been offline/)).toBeTruthy();
  });
});
