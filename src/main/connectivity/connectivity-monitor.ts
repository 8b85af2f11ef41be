// Knows whether the service can be reached, from the outcome of real requests, and while offline
// sends a light probe now and then so the app notices when the connection returns.
import { timerDelay } from '../api/wait-limits';
import { Signal } from '../signal';

export interface ConnectivityState {
  online: boolean;
  since: string;
}

export interface ConnectivityOptions {
  probe: () => Promise<boolean>;
  probeEveryMs?: number;
  /** Least time between probes that reading while offline asks for (see `nudge`). */
  nudgeEveryMs?: number;
  now?: () => Date;
}

/** Whether a failed request means "the service cannot be reached" rather than an answer from it. */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'network' || code === 'timeout';
}

/**
 * A probe made of a light request: while offline, any answer from the service (even a refusal) means
 * it can be reached again.
 */
export function answerProbe(ask: () => Promise<unknown>): () => Promise<boolean> {
  return () =>
    ask().then(
      () => true,
      (error: unknown) => !isUnreachable(error),
    );
}

export class ConnectivityMonitor {
  /** Every change of state, after it happened. */
  readonly changed = new Signal<ConnectivityState>();
  private state: ConnectivityState;
  private timer: ReturnType<typeof setInterval> | undefined;
  private probing = false;
  private lastNudge = -Infinity;

  constructor(private readonly options: ConnectivityOptions) {
    this.state = { online: true, since: this.now() };
  }

  status(): ConnectivityState {
    return this.state;
  }

  /** Called with the outcome of every request that reached (or failed to reach) the service. */
  report(online: boolean): void {
    if (online === this.state.online) return;
    this.state = { online, since: this.now() };
    if (online) this.stopProbing();
    else this.startProbing();
    this.changed.emit(this.state);
  }

  /** A new connection starts from "online" until a request says otherwise. */
  reset(): void {
    this.stopProbing();
    this.state = { online: true, since: this.now() };
    this.changed.emit(this.state);
  }

  stop(): void {
    this.stopProbing();
  }

  /** Probes at once while offline (the user asked to retry), instead of at the next interval. */
  async probeNow(): Promise<ConnectivityState> {
    if (!this.state.online) await this.probeOnce();
    return this.state;
  }

  /**
   * Someone is reading while offline (answered from the offline copy, which asks nothing of the
   * service): probe now rather than at the next interval, so the status turns back to online as soon
   * as the service answers and the next read is live. At most once every few seconds.
   */
  nudge(): void {
    if (this.state.online || this.probing) return;
    const now = (this.options.now?.() ?? new Date()).getTime();
    if (now - this.lastNudge < (this.options.nudgeEveryMs ?? 3_000)) return;
    this.lastNudge = now;
    void this.probeOnce();
  }

  private startProbing(): void {
    if (this.timer) return;
    // Never more often than once a second, whatever the option says.
    this.timer = setInterval(
      () => void this.probeOnce(),
      timerDelay(this.options.probeEveryMs ?? 15_000, 1_000),
    );
    this.timer.unref?.();
  }

  private stopProbing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async probeOnce(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      if (await this.options.probe().catch(() => false)) this.report(true);
    } finally {
      this.probing = false;
    }
  }

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }
}
