// Knows whether the service can be reached, from the outcome of real requests, and while offline
// sends a light probe now and then so the app notices when the connection returns. It also says
// whether this computer has a network at all, so the words can tell "You are offline" from "Can't
// reach the service": a landlord whose Wi-Fi works and whose service is down needs the second.
import { timerDelay } from '../api/wait-limits';
import { Signal } from '../signal';

export interface ConnectivityState {
  /** Whether the service can be reached. */
  online: boolean;
  /** Whether this computer has a network (read when the service could not be reached, and at each probe). */
  computerOnline: boolean;
  since: string;
}

export interface ConnectivityOptions {
  probe: () => Promise<boolean>;
  /** Whether this computer has a network at all (Electron's net.isOnline()). */
  computerOnline: () => boolean;
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
    this.state = { online: true, computerOnline: true, since: this.now() };
  }

  status(): ConnectivityState {
    return this.state;
  }

  /** Called with the outcome of every request that reached (or failed to reach) the service. */
  report(online: boolean): void {
    const computerOnline = online || this.computerOnline();
    if (online === this.state.online) {
      // Still out of reach: the computer may have found or lost its network meanwhile.
      if (!online && computerOnline !== this.state.computerOnline) {
        this.state = { ...this.state, computerOnline };
        this.changed.emit(this.state);
      }
      return;
    }
    this.state = { online, computerOnline, since: this.now() };
    if (online) this.stopProbing();
    else this.startProbing();
    this.changed.emit(this.state);
  }

  /** A new connection starts from "online" until a request says otherwise. */
  reset(): void {
    this.stopProbing();
    this.state = { online: true, computerOnline: true, since: this.now() };
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
      this.report(await this.options.probe().catch(() => false));
    } finally {
      this.probing = false;
    }
  }

  /** A port that throws is taken as "the computer has a network": the service is then the one to blame. */
  private computerOnline(): boolean {
    try {
      return this.options.computerOnline();
    } catch {
      return true;
    }
  }

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }
}
