// How many requests of one connection may be in flight at once: slow start, then additive increase
// and multiplicative decrease, as TCP does with its window. Until the service first refuses, each
// answer that came while the limit was in use raises it by one, so a burst (a record page's hundred
// reads) doubles it every round up to the maximum; "too many requests" (429) and "unavailable" (503)
// halve it, and from then on a full round of answers while the limit was in use raises it by one. A
// burst of refusals for requests that were all sent before the cut counts once: they describe the
// load before it.

export interface AdaptiveLimitOptions {
  initial: number;
  min: number;
  max: number;
}

/**
 * 16 to start: the records a screen names (its tenants and units) go in one round. Up to 64: a property
 * page of 35 units reads about 150 lists in three rounds, and at 32 each round took three turns of
 * the delay. A service that cannot take as many says so with 429 or 503, and the limit halves.
 */
export const DEFAULT_LIMITS: AdaptiveLimitOptions = { initial: 16, min: 1, max: 64 };

export class AdaptiveLimit {
  private value: number;
  /** Counts the cuts; a request remembers the one it was sent under. */
  private generation = 0;
  private answeredSinceChange = 0;
  /** Until the first refusal, every answer under a full limit grows it (slow start). */
  private starting = true;

  constructor(private readonly o: AdaptiveLimitOptions = DEFAULT_LIMITS) {
    if (!(o.min >= 1 && o.min <= o.initial && o.initial <= o.max))
      throw new RangeError('Concurrency limits must satisfy 1 ≤ min ≤ initial ≤ max');
    this.value = o.initial;
  }

  get current(): number {
    return this.value;
  }

  /** The mark a request carries from its sending to its answer. */
  mark(): number {
    return this.generation;
  }

  /** The service is overloaded; returns whether the limit changed. */
  overloaded(sentUnder: number): boolean {
    if (sentUnder !== this.generation) return false;
    this.generation += 1;
    this.answeredSinceChange = 0;
    this.starting = false;
    const next = Math.max(this.o.min, Math.floor(this.value / 2));
    if (next === this.value) return false;
    this.value = next;
    return true;
  }

  /**
   * An answer came. `saturated`: every slot was taken when it was sent, so the limit was what held
   * the requests back; growing a limit nobody uses would only let a later burst through unproven.
   * Before the first refusal each such answer grows the limit by one; after it, a full round does.
   * Returns whether the limit changed.
   */
  answered(saturated: boolean): boolean {
    if (!saturated || this.value >= this.o.max) return false;
    this.answeredSinceChange += 1;
    if (!this.starting && this.answeredSinceChange < this.value) return false;
    this.answeredSinceChange = 0;
    this.value += 1;
    return true;
  }
}
