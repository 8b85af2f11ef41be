// The one error type of the API client: a code the app can act on, the HTTP status when there was
// one, how long to wait when the service asked for that, and a message a landlord understands.
import type { AppError } from '../../../shared/app-error';
import { redactValue } from '../../log/redact';
import type { ServiceReason } from './error-reasons';

export const API_ERROR_CODES = [
  'network',
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_request',
  'invalid_cursor',
  'idempotency_conflict',
  'conflict',
  'rate_limited',
  'server_error',
  'bad_response',
  'redirected',
  'cancelled',
  'connection_changed',
  'invalid_input',
  'no_api_key',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorInit {
  status?: number;
  retryAfterMs?: number;
  details?: Record<string, unknown>;
  /** The service's reasons, each with the place in the request it names. */
  reasons?: readonly ServiceReason[];
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly details?: Record<string, unknown>;
  /** The service's reasons for a refusal, per place in the request ([] when it gave none). */
  readonly reasons: readonly ServiceReason[];
  /**
   * Set by the transport when no attempt of this call can have reached the service (every attempt
   * failed to connect at all), so a submission may still be withdrawn safely.
   */
  undelivered = false;
  /** Set by the transport when an attempt before the last one may have reached the service. */
  earlierAttemptMayHaveArrived = false;

  constructor(code: ApiErrorCode, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = code;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = Math.max(0, Math.round(init.retryAfterMs));
    if (init.details !== undefined) this.details = init.details;
    this.reasons = init.reasons ?? [];
  }

  /** The shape that crosses IPC; details are redacted once more on the way out. */
  toAppError(): AppError {
    return {
      code: this.code,
      message: this.message,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
      ...(this.details !== undefined ? { details: redactValue(this.details) } : {}),
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
