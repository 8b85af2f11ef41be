// The pace one connection keeps after the service said "too many requests" (429). The service's limit
// is measured, not guessed: the requests sent in the window before the refusal, less those refused,
// per second. PropDesk then sends at a share below that, evenly spaced, instead of running into the
// limit again; refusals for requests sent before the pace was set lower the measure further. While
// answers keep coming the pace grows slowly (a tenth after about ten seconds' worth of answers), past
// the measure only after a minute's worth (running into the limit again holds every request of the
// connection for the service's wait), and when it has grown well past the measure without a refusal
// the limit has moved and the pace is lifted.

export interface PaceOptions {
  /** The window the limit is measured over. */
  windowMs: number;
  /** The share of the measured limit PropDesk keeps to. */
  below: number;
  /** Grow after this many seconds' worth of answers at the current pace… */
  recoverAfterSeconds: number;
  /** …by this factor. */
  growth: number;
  /** Grow past the measured limit only after this many seconds' worth of answers. */
  probeAfterSeconds: number;
  /** Lift the pace when it reaches this multiple of the measured limit. */
  liftAt: number;
  /** Never slower than this many requests a second. */
  slowest: number;
  /** Fewer sends than this in the window measure nothing: the limit was met at a rate PropDesk was not near. */
  minSample: number;
  now: () => number;
}

export const DEFAULT_PACE: Omit<PaceOptions, 'now'> = {
  windowMs: 1_000,
  below: 0.9,
  recoverAfterSeconds: 10,
  growth: 1.1,
  probeAfterSeconds: 60,
  liftAt: 2,
  slowest: 0.5,
  minSample: 4,
};

/** One run into the limit: when it began, and what the window before it showed. */
interface Episode {
  at: number;
  sent: number;
  refused: number;
  /** Requests a second the service accepted in the window. */
  limit: number;
}

export class Pace {
  private readonly o: PaceOptions;
  /** Send times, oldest first, from `head` on; older ones are dropped as the window moves. */
  private sends: number[] = [];
  private head = 0;
  private lastSend = Number.NEGATIVE_INFINITY;
  private episode: Episode | undefined;
  private perSecond: number | undefined;
  private answeredSinceChange = 0;

  constructor(options: Partial<PaceOptions> & { now: () => number }) {
    this.o = { ...DEFAULT_PACE, ...options };
  }

  /** Requests a second PropDesk keeps to; undefined while the service has not limited it. */
  get rate(): number | undefined {
    return this.perSecond;
  }

  /** The limit measured at the last refusal, in requests a second. */
  get measured(): number | undefined {
    return this.episode?.limit;
  }

  /** Milliseconds until the next request may be sent; 0 when it may go now. */
  delay(): number {
    if (this.perSecond === undefined) return 0;
    return Math.max(0, this.lastSend + 1_000 / this.perSecond - this.o.now());
  }

  /** A request is being sent; returns its send time, to be given back with its answer. */
  sent(): number {
    const at = this.o.now();
    this.lastSend = at;
    this.sends.push(at);
    this.forget(at);
    return at;
  }

  /** The service refused a request sent at `sentAt` as too many. Returns whether the pace changed. */
  limited(sentAt: number): boolean {
    const now = this.o.now();
    const before = this.perSecond;
    let episode = this.episode;
    if (episode && sentAt < episode.at) {
      // Sent before this run into the limit was noticed: it says the window held one fewer accepted.
      if (sentAt < episode.at - this.o.windowMs) return false;
      episode.refused += 1;
    } else {
      this.forget(now);
      episode = { at: now, sent: this.sends.length - this.head, refused: 1, limit: 0 };
      this.episode = episode;
    }
    const accepted = Math.max(0, episode.sent - episode.refused) / (this.o.windowMs / 1_000);
    episode.limit = accepted;
    if (before === undefined) {
      // Too few sends, or none accepted, measure nothing: the Retry-After wait and the smaller
      // concurrency are then all PropDesk knows to do.
      if (episode.sent < this.o.minSample || accepted <= 0) return false;
      this.perSecond = Math.max(this.o.slowest, accepted * this.o.below);
    } else if (accepted > 0) {
      this.perSecond = Math.max(this.o.slowest, Math.min(before, accepted * this.o.below));
    } else if (episode.refused === 1) {
      // Refused at the pace already kept, with nothing accepted in the window: halve it.
      this.perSecond = Math.max(this.o.slowest, before / 2);
    }
    if (this.perSecond === before) return false;
    this.answeredSinceChange = 0;
    return true;
  }

  /** The service answered (anything but "too many"). Returns whether the pace changed. */
  answered(): boolean {
    if (this.perSecond === undefined) return false;
    this.answeredSinceChange += 1;
    const grown = this.perSecond * this.o.growth;
    const limit = this.episode?.limit ?? 0;
    const seconds = limit > 0 && grown > limit ? this.o.probeAfterSeconds : this.o.recoverAfterSeconds;
    if (this.answeredSinceChange < seconds * this.perSecond) return false;
    this.answeredSinceChange = 0;
    if (limit > 0 && grown >= limit * this.o.liftAt) {
      this.perSecond = undefined;
      this.episode = undefined;
    } else {
      this.perSecond = grown;
    }
    return true;
  }

  private forget(now: number): void {
    const from = now - this.o.windowMs;
    while (this.head < this.sends.length && this.sends[this.head]! < from) this.head += 1;
    if (this.head > 1_024 && this.head * 2 > this.sends.length) {
      this.sends = this.sends.slice(this.head);
      this.head = 0;
    }
  }
}
