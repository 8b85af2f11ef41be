// When to try a request again and how long to wait: exponential backoff with full jitter, and the
// service's Retry-After (seconds or HTTP-date) when it gives one.

export const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || (status >= 500 && status <= 599);
}

/** Full jitter: a random wait between 0 and min(cap, base·2^attempt), so many clients spread out. */
export function backoffDelay(attempt: number, random: () => number, baseMs = 250, capMs = 8_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

/**
 * Milliseconds to wait according to a Retry-After header, or undefined when it is absent or
 * unreadable. Dates in the past mean "now" (0). A wait too long to be a number or a date (digits past
 * what a double holds, a year past 275760) is Infinity: the caller clamps it to the longest wait.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // HTTP-date (IMF-fixdate and the obsolete forms Date.parse also reads); needs a weekday or a month.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const when = Date.parse(text);
  if (!Number.isNaN(when)) return Math.max(0, when - nowMs);
  return /\b\d{6,}\b/.test(text) ? Number.POSITIVE_INFINITY : undefined;
}

/** "about 45 seconds", "about 3 minutes", "about 2 hours". */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `about ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}
