// Real time as the sandbox's rate limit and added latency see it: the system's clock and timers, or a
// clock a test moves (startSandbox's `time`).
export interface SandboxTime {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

export const SYSTEM_TIME: SandboxTime = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
