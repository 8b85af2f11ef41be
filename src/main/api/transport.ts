// The HTTP layer under ApiClient: one request with Bearer auth, a per-attempt timeout combined with
// the request's abort, capped bodies, and retries. Every attempt waits for its turn in the
// connection's scheduler, which also holds the kind of request the service asked to wait (a
// Retry-After, clamped to 24 hours); the transport itself backs off only after failures that say
// nothing about the service's load. A background re-read asks "only if changed" where the service
// gave the page a validator (page-validators.ts).
import { ApiError } from './errors/api-error';
import { requestKind } from './errors/call-target';
import type { CallTarget } from './errors/call-target';
import { parseErrorBody } from './errors/error-body';
import {
  badResponse,
  cancelledError,
  errorFromResponse,
  networkError,
  redirectError,
  timeoutError,
} from './errors/error-wording';
import { PageValidators } from './page-validators';
import { BodyTooLargeError, readCappedText } from './read-body';
import type { RequestPriority } from './scheduler/request-priority';
import type { RequestScheduler, ServiceAnswer } from './scheduler/request-scheduler';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './retry-policy';
import type { ScheduledRequest } from './scheduler/scheduled-request';
import type { Sleep } from './sleep';
import { clampWait, LONGEST_WAIT_MS, timerDelay, waitInRange } from './wait-limits';

export interface TransportOptions {
  base: URL;
  fetch: typeof fetch;
  getApiKey: () => Promise<string | undefined> | string | undefined;
  scheduler: RequestScheduler;
  timeoutMs: number;
  maxRetries: number;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  onOutcome?: (online: boolean) => void;
  /** Told of each part of an answer PropDesk did not take as given (a wait out of range). */
  onRefused?: (message: string) => void;
}

/** How one call goes through the scheduler: how urgent it is, and the caller's own cancel. */
export interface SendOptions {
  priority: RequestPriority;
  signal?: AbortSignal;
  /** Within the priority, a larger order starts first. */
  order?: number;
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
  /** The answer's value, from its JSON and the length of its text. */
  parse: (json: unknown, chars: number) => T;
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

/** One attempt's abort: by its timeout, or when its request stops. */
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
  /** Answers the service gave a validator, for background re-reads that ask "only if changed". */
  private readonly validators = new PageValidators();

  constructor(private readonly o: TransportOptions) {
    this.host = o.base.host;
    this.prefix = `${o.base.origin}${o.base.pathname.replace(/\/+$/, '')}`;
  }

  /** One call: reads of the same address in flight at once are one request (never a POST). */
  send<T>(spec: RequestSpec<T>, options: SendOptions): Promise<T> {
    const url = this.url(spec);
    return this.o.scheduler.run(
      { ...options, kind: requestKind(spec.target), ...(spec.method === 'GET' ? { share: url } : {}) },
      (request) => this.request(spec, url, request),
    );
  }

  private async request<T>(spec: RequestSpec<T>, url: string, request: ScheduledRequest): Promise<T> {
    const given = this.o.getApiKey();
    // Stopped while the keychain is still answering: nothing has been sent, which the outbox needs
    // to know to keep a queued submission withdrawable.
    const key =
      given instanceof Promise
        ? await untilStopped(given, request).catch((error: unknown) => {
            throw error instanceof ApiError ? stopped(error, false, false) : error;
          })
        : given;
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
    let delivered = false;
    for (let attempt = 0; ; attempt++) {
      let started = false;
      let result: Attempt<T>;
      try {
        result = await this.o.scheduler.attempt(
          request,
          () => {
            started = true;
            return this.attempt(spec, url, key, request);
          },
          answerOf,
        );
      } catch (stop) {
        // Stopped while waiting for its turn or in flight: by the connection, or by every caller.
        if (!(stop instanceof ApiError)) throw stop;
        throw stopped(stop, delivered, delivered || started);
      }
      if (result.ok) {
        this.o.onOutcome?.(true);
        return result.value;
      }
      if (request.stopped) throw stopped(request.stopped, delivered, true);
      const { error } = result;
      error.earlierAttemptMayHaveArrived = delivered;
      if (!result.refused) delivered = true;
      error.undelivered = !delivered;
      const last = !result.retryable || attempt >= this.o.maxRetries;
      const tooLong = error.retryAfterMs !== undefined && error.retryAfterMs > this.o.scheduler.longestWaitMs;
      if (last || tooLong || error.code === 'cancelled') {
        if (error.code !== 'cancelled') this.o.onOutcome?.(result.reached);
        throw error;
      }
      // A Retry-After holds this request's kind in the scheduler, this request too: no wait of its own.
      if (error.retryAfterMs !== undefined) continue;
      try {
        await this.o.sleep(backoffDelay(attempt, this.o.random), request.signal);
      } catch {
        throw stopped(request.stopped ?? cancelledError(), delivered, delivered);
      }
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
    request: ScheduledRequest,
  ): Promise<Attempt<T>> {
    const controller = new AbortController();
    const off = request.whenStopped((error) => controller.abort(error));
    const state: AttemptAbort = { controller, timedOut: false };
    const timer = setTimeout(expire, timerDelay(this.o.timeoutMs, 1), state);
    let answered = false;
    const read = spec.method === 'GET';
    const held = read && request.priority === 'background' ? this.validators.conditionFor(url) : undefined;
    try {
      const response = await this.o.fetch(url, {
        method: spec.method,
        headers: held ? { ...this.headers(spec, key), ...held.headers } : this.headers(spec, key),
        ...(spec.body !== undefined ? { body: spec.body } : {}),
        signal: controller.signal,
        // A redirect could carry the key to another address; the user fixes the address instead.
        redirect: 'manual',
      });
      answered = true;
      if (held && response.status === 304) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: true, value: this.parse(spec, held.answer.text) };
      }
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
        const value = this.parse(spec, text);
        if (read) this.validators.remember(url, response.headers, text);
        return { ok: true, value };
      }
      const text = await readCappedText(response, ERROR_BODY_LIMIT, true).catch(() => '');
      const retryAfterMs = this.retryAfter(response.headers.get('retry-after'));
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
      if (request.stopped) return { ok: false, error: cancelledError(), retryable: false, reached: false };
      // A service that began to answer and then stopped sending has the request: asking again would
      // only wait as long again, so the timeout is said at its time, not after every retry's.
      if (state.timedOut)
        return {
          ok: false,
          error: timeoutError(this.host, this.o.timeoutMs, answered),
          retryable: !answered,
          reached: answered,
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
      off();
    }
  }

  /** The service's Retry-After within 0 … 24 hours; a value outside is logged, and waits the longest. */
  private retryAfter(header: string | null): number | undefined {
    const asked = parseRetryAfter(header, this.o.now());
    if (asked === undefined || waitInRange(asked)) return asked;
    this.o.onRefused?.(
      `${this.host} asked PropDesk to wait longer than it waits for any service (Retry-After: ${header?.slice(0, 40) ?? ''}); it waits ${LONGEST_WAIT_MS / 3_600_000} hours instead.`,
    );
    return clampWait(asked);
  }

  private parse<T>(spec: RequestSpec<T>, text: string): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badResponse(this.host, 'the answer was not JSON');
    }
    return spec.parse(json, text.length);
  }
}

/** What an attempt tells the scheduler about the service's load. */
function answerOf(result: Attempt<unknown>): ServiceAnswer {
  if (result.ok) return { load: 'answered' };
  const { error } = result;
  const wait =
    result.retryable && error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {};
  if (error.status === 429) return { load: 'limited', ...wait };
  if (error.status === 503) return { load: 'overloaded', ...wait };
  if (error.status !== undefined) return { load: 'answered', ...wait };
  return { load: 'unanswered' };
}

/** The error a stopped call ends with, saying whether any attempt of it may have reached the service. */
function stopped(error: ApiError, earlier: boolean, mayHaveArrived: boolean): ApiError {
  error.earlierAttemptMayHaveArrived = earlier;
  error.undelivered = !mayHaveArrived;
  return error;
}

/** The value, or the request's error as soon as it stops (a keychain read can take long). */
function untilStopped<T>(value: Promise<T>, request: ScheduledRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const off = request.whenStopped(reject);
    value.then(
      (v) => {
        off();
        resolve(v);
      },
      (e: unknown) => {
        off();
        reject(e as Error);
      },
    );
  });
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
