// Conditional re-reads: where a service answers a read with `ETag` or `Last-Modified`, the answer is
// kept in memory with them, so that reading the same address again in the background can ask "only
// if it changed" (If-None-Match, If-Modified-Since). A 304 then costs no body, and the kept answer is
// parsed again as if just sent, so nothing downstream knows the difference and nothing depends on it:
// service-api.md promises neither header. Kept per transport (one connection, one origin: a
// validator is never sent anywhere else), by full address, within a byte budget, the least recently
// used let go first; never written to disk.

/** What a service said of one answer, and the answer itself. */
export interface KeptAnswer {
  etag: string | undefined;
  lastModified: string | undefined;
  text: string;
}

/** Header values PropDesk will send back: visible ASCII, short. Anything else is not kept. */
const SENDABLE = /^[\x21-\x7e][\x20-\x7e]{0,199}$/;

export const KEPT_ANSWER_BYTES = 8 * 1024 * 1024;

/** A kept answer's size, counted as two bytes a character (JavaScript strings). */
const sizeOf = (url: string, answer: KeptAnswer) =>
  2 * (url.length + answer.text.length + (answer.etag?.length ?? 0) + (answer.lastModified?.length ?? 0));

export class PageValidators {
  private readonly kept = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes = KEPT_ANSWER_BYTES) {}

  /** The answer kept for this address, with the headers that ask for it only if it changed; or none. */
  conditionFor(url: string): { answer: KeptAnswer; headers: Record<string, string> } | undefined {
    const answer = this.kept.get(url);
    if (!answer) return undefined;
    // Most recently used last: the first in the map goes first when room is needed.
    this.kept.delete(url);
    this.kept.set(url, answer);
    const headers: Record<string, string> = {};
    if (answer.etag) headers['If-None-Match'] = answer.etag;
    if (answer.lastModified) headers['If-Modified-Since'] = answer.lastModified;
    return { answer, headers };
  }

  /** A whole answer to a read: kept when the service gave it a validator, otherwise forgotten. */
  remember(url: string, headers: Headers, text: string): void {
    this.forget(url);
    const etag = sendable(headers.get('etag'));
    const lastModified = sendable(headers.get('last-modified'));
    if (!etag && !lastModified) return;
    const answer: KeptAnswer = { etag, lastModified, text };
    const size = sizeOf(url, answer);
    if (size > this.maxBytes / 4) return;
    this.kept.set(url, answer);
    this.bytes += size;
    for (const [oldest, old] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= sizeOf(oldest, old);
    }
  }

  forget(url: string): void {
    const old = this.kept.get(url);
    if (!old) return;
    this.kept.delete(url);
    this.bytes -= sizeOf(url, old);
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.kept.size;
  }
}

function sendable(value: string | null): string | undefined {
  return value !== null && SENDABLE.test(value) ? value : undefined;
}
