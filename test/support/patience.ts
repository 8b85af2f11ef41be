// How long a test waits for something the app does by itself (a copy, a probe, a render, a send)
// before it fails. A wait ends as soon as the state it waits for is seen, so this only bounds a failing
// test; it is long because on a busy 2-core machine running two suites at once these take many times
// longer than on a quiet one, and a test must not fail for that.
export const PATIENCE_MS = 60_000;

/** Options for vi.waitFor and expect.poll: wait patiently, look often. */
export const patiently = { timeout: PATIENCE_MS, interval: 20 } as const;
