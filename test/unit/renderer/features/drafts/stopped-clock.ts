// A stopped clock for screen tests, so a debounce or a race is the test's to time and not the
// machine's. Testing Library moves a fake clock only when it finds Jest's `jest` global; without it,
// its async helpers wait on a timer that never fires. Vitest's fake clock is the same kind, so the
// one call Testing Library makes on it, advanceTimersByTime, is handed to vitest's under that name.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

interface WithJest {
  jest?: { advanceTimersByTime(ms: number): void };
}

export function stopClock(): void {
  vi.useFakeTimers();
  (globalThis as WithJest).jest = { advanceTimersByTime: (ms) => void vi.advanceTimersByTime(ms) };
}

export function restartClock(): void {
  delete (globalThis as WithJest).jest;
  vi.useRealTimers();
}

/** Moves the stopped clock on by `ms`, letting main's answers and React's renders land. */
export async function advanceClock(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
