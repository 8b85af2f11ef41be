// The HTTP layer under ApiClient: one request with Bearer auth, a per-attempt timeout combined with
// the caller's signal, capped bodies, and retries with backoff/Retry-After for the cases that allow it.
import { ApiError } from './api-error';
import type { CallTarget } from './call-target';
import { parseErrorBody } from './error-body';
import {
  badResponse,
  cancelledError,
  errorFromResponse,
  networkError,
  redirectError,
  timeoutError,
} from './error-wording';
import { BodyTooLargeError, readCappedText } from './read-body';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './retry-policy';

export interface TransportOptions {
  base: URL;
  fetch: typeof fetch;
  getApiKey: () => Promise<string | undefined> | string | undefined;
  timeoutMs: number;
  maxRetries: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  maxRetryAfterMs: number;
  onOutcome?: (online: boolean) => void;
}

export interface RequestSpec<T> {
  method: 'GET' | 'POST';
  /** Path below the base address, starting with /api/v1. */
  path: string;
  query?: URLSearchParams;
  body?: string;
  headers?: Record<string, string>;
  target: CallTarget;
  withCursor?: boolean;
  maxBytes: number;
  /** Without a key the call is refused before sending; the contract document may be public. */
  keyRequired: boolean;
  parse: (json: unknown) => T;
}

export const ERROR_BODY_LIMIT = 64 * 1024;

type Attempt<T> =
  | { ok: true; value: T }
  | { ok: false; error: ApiError; retryable: boolean; reached: boolean; refused?: boolean };

// Failures to open a connection at all: the request cannot have reached the service. Node's fetch
// reports them as cause codes, Electron's net.fetch in its message.
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
const REDIRECT_CANCELLED = /^Redirect was cancelled$/i;
const NET_CONNECT_FAILURE =
  /net::ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE|NAME_RESOLUTION_FAILED)/;

/** One attempt's abort: by its timeout, or by the caller's signal. */
interface AttemptAbort {
  controller: AbortController;
  timedOut: boolean;
}

// Module-level rather than a closure per request: paging 100,000 records makes a thousand of these.
function expire(state: AttemptAbort): void {
  state.timedOut = true;
  state.controller.abort();
}

const SENDABLE_KEY = /^[\x21-\x7e]+$/;

export class Transport {
  readonly host: string;
  /** Origin and base path, without a trailing slash: every request's address starts with it. */
  private readonly prefix: string;
  /** The request headers of a call without headers of its own, for the last key sent. */
  private plain: { key: string | undefined; headers: Record<string, string> } | undefined;

  constructor(private readonly o: TransportOptions) {
    this.host = o.base.host;
    this.prefix = `${o.base.origin}${o.base.pathname.replace(/\/+$/, '')}`;
  }

  async send<T>(spec: RequestSpec<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw cancelledError();
    const given = this.o.getApiKey();
    const key = given instanceof Promise ? await given : given;
    if (spec.keyRequired && !key) {
      throw new ApiError(
        'no_api_key',
        "There's no API key saved for this connection. Add one under Connections.",
      );
    }
    if (key !== undefined && key !== this.plain?.key && !SENDABLE_KEY.test(key)) {
      throw new ApiError(
        'invalid_input',
        "The saved API key has characters that can't be sent (spaces or line breaks). Enter it again under Connections.",
      );
    }
    const url = this.url(spec);
    let delivered = false;
    for (let attempt = 0; ; attempt++) {
      const result = await this.attempt(spec, url, key, signal);
      if (result.ok) {
        this.o.onOutcome?.(true);
        return result.value;
      }
      const { error } = result;
      error.earlierAttemptMayHaveArrived = delivered;
      if (!result.refused) delivered = true;
      error.undelivered = !delivered;
      const last = !result.retryable || attempt >= this.o.maxRetries;
      const tooLong = error.retryAfterMs !== undefined && error.retryAfterMs > this.o.maxRetryAfterMs;
      if (last || tooLong || error.code === 'cancelled') {
        if (error.code !== 'cancelled') this.o.onOutcome?.(result.reached);
        throw error;
      }
      const wait = error.retryAfterMs ?? backoffDelay(attempt, this.o.random);
      try {
        await this.o.sleep(wait, signal);
      } catch {
        throw cancelledError();
      }
      if (signal?.aborted) throw cancelledError();
    }
  }

  private url(spec: RequestSpec<unknown>): string {
    const query = spec.query?.toString();
    return `${this.prefix}${spec.path}${query ? `?${query}` : ''}`;
  }

  /** Accept and the key's Authorization, plus the call's own headers; made once per key when none. */
  private headers(spec: RequestSpec<unknown>, key: string | undefined): Record<string, string> {
    const plain = this.plain;
    if (!spec.headers && plain && plain.key === key) return plain.headers;
    const headers: Record<string, string> = { Accept: 'application/json', ...spec.headers };
    if (key) headers.Authorization = `Bearer ${key}`;
    if (!spec.headers) this.plain = { key, headers };
    return headers;
  }

  private async attempt<T>(
    spec: RequestSpec<T>,
    url: string,
    key: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Attempt<T>> {
    const controller = new AbortController();
    const caller = signal;
    const onAbort = caller ? () => controller.abort(caller.reason) : undefined;
    if (onAbort) caller?.addEventListener('abort', onAbort, { once: true });
    const state: AttemptAbort = { controller, timedOut: false };
    const timer = setTimeout(expire, this.o.timeoutMs, state);
    try {
      const response = await this.o.fetch(url, {
        method: spec.method,
        headers: this.headers(spec, key),
        ...(spec.body !== undefined ? { body: spec.body } : {}),
        signal: controller.signal,
        // A redirect could carry the key to another address; the user fixes the address instead.
        redirect: 'manual',
      });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        const error = redirectError(this.host, response.status, redirectTarget(response, url));
        return { ok: false, error, retryable: false, reached: true };
      }
      if (response.status < 200) {
        await response.body?.cancel().catch(() => undefined);
        const error = badResponse(this.host, `an unexpected HTTP status ${response.status}`);
        return { ok: false, error, retryable: false, reached: true };
      }
      if (response.status >= 200 && response.status < 300) {
        const text = await readCappedText(response, spec.maxBytes);
        return { ok: true, value: this.parse(spec, text) };
      }
      const text = await readCappedText(response, ERROR_BODY_LIMIT, true).catch(() => '');
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.o.now());
      const error = errorFromResponse({
        status: response.status,
        body: parseErrorBody(response.headers.get('content-type'), text, key ? [key] : []),
        host: this.host,
        target: spec.target,
        withCursor: !!spec.withCursor,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
      return { ok: false, error, retryable: isRetryableStatus(response.status), reached: true };
    } catch (cause) {
      if (cause instanceof ApiError) return { ok: false, error: cause, retryable: false, reached: true };
      // Electron's net.fetch does not hand back a manual redirect: it cancels it and rejects. The
      // service did answer, with a redirect whose target that stack keeps to itself.
      if (cause instanceof Error && REDIRECT_CANCELLED.test(cause.message))
        return {
          ok: false,
          error: redirectError(this.host, undefined, undefined),
          retryable: false,
          reached: true,
        };
      if (signal?.aborted) return { ok: false, error: cancelledError(), retryable: false, reached: false };
      if (state.timedOut)
        return {
          ok: false,
          error: timeoutError(this.host, this.o.timeoutMs),
          retryable: true,
          reached: false,
        };
      if (cause instanceof BodyTooLargeError) {
        return {
          ok: false,
          error: badResponse(this.host, cause.message.toLowerCase()),
          retryable: false,
          reached: true,
        };
      }
      const reason = describeCause(cause);
      return {
        ok: false,
        error: networkError(this.host, reason),
        retryable: true,
        reached: false,
        refused:
          CONNECT_FAILURES.has(reason) || (cause instanceof Error && NET_CONNECT_FAILURE.test(cause.message)),
      };
    } finally {
      clearTimeout(timer);
      if (onAbort) caller?.removeEventListener('abort', onAbort);
    }
  }

  private parse<T>(spec: RequestSpec<T>, text: string): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badResponse(this.host, 'the answer was not JSON');
    }
    return spec.parse(json);
  }
}

/** The origin a redirect pointed at (only the origin: the rest of the address is the service's business). */
function redirectTarget(response: Response, requestUrl: string): string | undefined {
  const location = response.headers.get('location');
  if (!location) return undefined;
  try {
    const origin = new URL(location, requestUrl).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The low-level reason (ECONNREFUSED, ENOTFOUND …) without anything that could carry a secret. */
function describeCause(cause: unknown): string {
  const inner = (cause as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = inner && typeof inner.code === 'string' ? inner.code : undefined;
  return code ?? (cause instanceof Error ? cause.name : 'unknown');
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
