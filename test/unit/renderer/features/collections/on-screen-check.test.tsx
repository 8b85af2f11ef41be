// @vitest-environment happy-dom
// A list shown from the offline copy asks main for its first page every 30 s while the window is not
// hidden (main then checks that page with the service and lands any change), none while hidden, at
// once when the window comes back, and never for a list without a copy. Timers are driven by hand.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ON_SCREEN_CHECK_MS,
  useOnScreenCheck,
} from '../../../../../src/renderer/src/features/collections/use-collections-api';

const asked: unknown[] = [];

function List({ fromCopy }: { fromCopy: boolean }) {
  // A new filters object on every render, as the route gives it.
  useOnScreenCheck('maintenance_requests', { status: 'open' }, fromCopy);
  return null;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  (window as unknown as { propdesk: unknown }).propdesk = {
    collections: {
      list: async (args: unknown) => {
        asked.push(args);
        return { ok: true, data: { data: [], nextCursor: null, hasMore: false } };
      },
    },
  };
  setHidden(false);
  asked.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a list on screen is checked with the service', () => {
  it('every 30 s while shown, not while hidden, and at once when shown again', () => {
    const view = render(<List fromCopy />);
    view.rerender(<List fromCopy />);
    vi.advanceTimersByTime(ON_SCREEN_CHECK_MS - 1);
    expect(asked).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(asked).toEqual([{ collection: 'maintenance_requests', filters: { status: 'open' }, limit: 100 }]);
    setHidden(true);
    vi.advanceTimersByTime(3 * ON_SCREEN_CHECK_MS);
    expect(asked).toHaveLength(1);
    setHidden(false);
    expect(asked).toHaveLength(2);
    view.unmount();
    vi.advanceTimersByTime(3 * ON_SCREEN_CHECK_MS);
    expect(asked).toHaveLength(2);
  });

  it('not at all for a list read from the service, which Reload reads again', () => {
    render(<List fromCopy={false} />);
    vi.advanceTimersByTime(3 * ON_SCREEN_CHECK_MS);
    setHidden(false);
    expect(asked).toHaveLength(0);
  });
});
