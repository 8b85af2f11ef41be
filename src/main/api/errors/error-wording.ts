// Turns a failed exchange with the service into an ApiError with a message a landlord understands:
// what happened, in the service's own words when it gave any (cleaned), and what to do next.
import { assertNever } from '../../../shared/app-error';
import { formatMoment } from '../../../shared/date-style';
import { kindWords } from '../../../shared/request-kind';
import type { RequestKind } from '../../../shared/request-kind';
import { SERVICE_ERROR_CODES } from '../../../shared/service/index';
import { SHOWN_HOLD_MS } from '../../../shared/service-pace';
import type { ServiceErrorCode } from '../../../shared/service/index';
import { ApiError } from './api-error';
import type { ApiErrorCode } from './api-error';
import { actionWords, collectionWords, requiredScopes } from './call-target';
import type { CallTarget } from './call-target';
import type { ErrorBodyInfo } from './error-body';
import { describeWait } from '../retry-policy';

export interface HttpFailure {
  status: number;
  body: ErrorBodyInfo;
  host: string;
  target: CallTarget;
  /** The request carried a cursor: an invalid_request then means the list position is bad. */
  withCursor: boolean;
  retryAfterMs?: number;
}

const STATUS_WORDS: Record<number, string> = {
  400: 'the request was not valid',
  404: 'the address was not found',
  405: 'this kind of request is not allowed',
  408: 'the request took too long',
  409: 'the request conflicts with an earlier one',
  410: 'the address no longer exists',
  413: 'the request was too large',
  415: 'the request format was not accepted',
  422: 'the request could not be processed',
  429: 'too many requests were sent',
  500: 'it had an internal problem',
  502: 'a gateway in front of it had a problem',
  503: 'it is unavailable right now',
  504: 'a gateway in front of it timed out',
};

function statusWords(status: number): string {
  return STATUS_WORDS[status] ?? (status >= 500 ? 'it had a problem' : 'the request was refused');
}

function saidBy(body: ErrorBodyInfo): string {
  return body.message ? ` The service said: “${body.message}”` : '';
}

function isServiceCode(code: string | undefined): code is ServiceErrorCode {
  return !!code && (SERVICE_ERROR_CODES as readonly string[]).includes(code);
}

/** The code: the documented service codes in the body win (their statuses are "not shown"). */
function classify(f: HttpFailure): ApiErrorCode {
  const bodyCode = isServiceCode(f.body.code) ? f.body.code : undefined;
  if (f.status === 401) return 'unauthorized';
  if (f.status === 403) return 'forbidden';
  if (f.status === 429) return 'rate_limited';
  if (f.status >= 500) return 'server_error';
  if (bodyCode === 'idempotency_conflict' || (f.status === 409 && f.target.kind === 'submit'))
    return 'idempotency_conflict';
  if (bodyCode === 'not_found' || f.status === 404 || f.status === 410) return 'not_found';
  if (bodyCode === 'invalid_request' || f.status === 400 || f.status === 422) {
    return f.withCursor ? 'invalid_cursor' : 'invalid_request';
  }
  if (f.status === 408) return 'timeout';
  if (f.status === 409) return 'conflict';
  return 'invalid_request';
}

function notFoundMessage(f: HttpFailure): string {
  switch (f.target.kind) {
    case 'get': {
      const words = collectionWords(f.target.collection).singular;
      return `That ${words} wasn't found. It may have been removed, or it isn't part of this organisation.`;
    }
    case 'list':
    case 'proposals':
    case 'submit':
    case 'contract':
      return `${f.host} doesn't offer what PropDesk asked for (${actionWords(f.target)}). Check the connection's address.${saidBy(f.body)}`;
  }
}

export function errorFromResponse(f: HttpFailure): ApiError {
  const code = classify(f);
  const base = {
    status: f.status,
    ...(f.retryAfterMs !== undefined ? { retryAfterMs: f.retryAfterMs } : {}),
    details: {
      ...(f.body.code ? { serviceCode: f.body.code } : {}),
      ...(f.body.details ? { service: f.body.details } : {}),
    },
    ...(f.body.reasons ? { reasons: f.body.reasons } : {}),
  };
  switch (code) {
    case 'unauthorized':
      return new ApiError(
        code,
        "The service didn't accept this connection's API key. It may have been revoked, expired or mistyped; ask an Admin for a new key and enter it under Connections.",
        base,
      );
    case 'forbidden': {
      const scopes = requiredScopes(f.target);
      const needs = scopes.length
        ? ` (needs the scope${scopes.length > 1 ? 's' : ''} ${scopes.join(', ')})`
        : '';
      return new ApiError(
        code,
        `This API key isn't allowed to ${actionWords(f.target)}${needs}. An Admin can add it in API & Automation.`,
        { ...base, details: { ...base.details, requiredScopes: scopes } },
      );
    }
    case 'rate_limited':
      return new ApiError(code, tooManyWords(f.retryAfterMs), base);
    case 'server_error': {
      const when = f.retryAfterMs !== undefined ? ` in ${describeWait(f.retryAfterMs)}` : ' in a few minutes';
      return new ApiError(
        code,
        `${f.host} couldn't answer because ${statusWords(f.status)} (HTTP ${f.status}). Try again${when}.${saidBy(f.body)}`,
        base,
      );
    }
    case 'idempotency_conflict':
      return new ApiError(
        code,
        'The service refused this submission: its submission key was already used for a different set of changes. Nothing new was recorded.',
        base,
      );
    case 'not_found':
      return new ApiError(code, notFoundMessage(f), base);
    case 'invalid_cursor':
      return new ApiError(
        code,
        `The list position expired or is invalid; reload the list from the start.${saidBy(f.body)}`,
        base,
      );
    case 'timeout':
      return new ApiError(
        code,
        `${f.host} took too long to answer (HTTP ${f.status}). Try again in a moment.`,
        base,
      );
    case 'conflict':
    case 'invalid_request':
      return new ApiError(
        code,
        `The service refused to ${actionWords(f.target)} because ${statusWords(f.status)} (HTTP ${f.status}).${saidBy(f.body)}`,
        base,
      );
    default:
      return new ApiError(code, `The service answered with HTTP ${f.status}.${saidBy(f.body)}`, base);
  }
}

export function networkError(host: string, cause?: unknown): ApiError {
  return new ApiError(
    'network',
    `Can't reach ${host}. Check your internet connection, or whether the service is running, and try again.`,
    { cause },
  );
}

/** `stalled`: the service began to answer, then stopped sending before the answer was whole. */
export function timeoutError(host: string, ms: number, stalled = false): ApiError {
  const n = Math.max(1, Math.round(ms / 1000));
  const seconds = `${n} second${n === 1 ? '' : 's'}`;
  return new ApiError(
    'timeout',
    stalled
      ? `${host} began to answer but had not finished within ${seconds}, so PropDesk stopped waiting. Try again; if it happens again, the service may be overloaded.`
      : `${host} didn't answer within ${seconds}. Check your internet connection and try again.`,
  );
}

export function cancelledError(): ApiError {
  return new ApiError('cancelled', 'The request was cancelled.');
}

function tooManyWords(retryAfterMs: number | undefined): string {
  const when = retryAfterMs !== undefined ? `in ${describeWait(retryAfterMs)}` : 'in a minute';
  return `The service is receiving too many requests from this connection. Try again ${when}.`;
}

/**
 * The service asked requests of this kind to wait longer than PropDesk waits with a request open: they
 * are refused until then without being sent, saying when (by the clock, for a wait of over ten
 * minutes). `leftMs` is within 0 … 24 hours (the holds clamp it).
 */
export function waitingError(kind: RequestKind, leftMs: number, now: number): ApiError {
  const when =
    leftMs > SHOWN_HOLD_MS
      ? `until ${formatMoment(new Date(now + leftMs).toISOString())} (${describeWait(leftMs)} from now)`
      : describeWait(leftMs);
  return new ApiError(
    'rate_limited',
    `The service asked PropDesk to wait ${when} before ${kindWords(kind)} again, so this request was not sent. Try again then.`,
    { retryAfterMs: leftMs },
  );
}

/** Why every request of a connection was stopped at once. */
export type StopReason = 'moved' | 'key_changed' | 'removed' | 'restarted' | 'closing';

export function stoppedError(reason: StopReason): ApiError {
  switch (reason) {
    case 'moved':
      return new ApiError(
        'connection_changed',
        "The connection's address was changed, so PropDesk stopped what it was reading from the old address. Nothing was sent there with the new key.",
      );
    case 'key_changed':
      return new ApiError(
        'connection_changed',
        "The connection's API key was changed, so PropDesk stopped the requests made with the old key. Try again to use the new one.",
      );
    case 'removed':
      return new ApiError(
        'connection_changed',
        'The connection was removed, so PropDesk stopped its requests.',
      );
    case 'restarted':
      return new ApiError(
        'connection_changed',
        'The demo organisation was restarted, so PropDesk stopped the requests made to it before. Try again.',
      );
    case 'closing':
      return new ApiError('cancelled', 'PropDesk is closing, so it stopped this request.');
    default:
      return assertNever(reason, 'stop reason');
  }
}

export function badResponse(host: string, problem: string, details?: Record<string, unknown>): ApiError {
  return new ApiError(
    'bad_response',
    `${host} sent an answer PropDesk couldn't understand (${problem}). Check that the connection's address points to the property-management service.`,
    details ? { details } : {},
  );
}

/**
 * The service pointed somewhere else. PropDesk never follows that with the key (it could carry the key
 * to another origin); the user checks the address instead. It did answer, so this is not "offline".
 */
export function redirectError(host: string, status: number | undefined, to: string | undefined): ApiError {
  return new ApiError(
    'redirected',
    `Couldn't use ${host}: the service answered with a redirect to ${to ?? 'another address'}; PropDesk does not follow redirects with your key. Check the connection's address under Connections (it may need https:// or a different path).`,
    {
      ...(status ? { status } : {}),
      ...(to ? { details: { redirectedTo: to } } : {}),
    },
  );
}
