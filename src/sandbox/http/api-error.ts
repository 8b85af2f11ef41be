// The sandbox's one error type and its one JSON shape: {"error":{"code","message","details"?}}.
export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid_request'
  | 'idempotency_conflict'
  | 'record_in_use'
  | 'rate_limited'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'internal_error'
  | 'bad_gateway'
  | 'service_unavailable';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { error: { code: string; message: string; details?: unknown } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export const invalid = (message: string, details?: unknown): ApiError =>
  new ApiError(400, 'invalid_request', message, details);

export const notFound = (what = 'The requested resource'): ApiError =>
  new ApiError(404, 'not_found', `${what} was not found.`);

export interface ValidationIssue {
  path: string;
  message: string;
}

export const validationFailed = (errors: ValidationIssue[]): ApiError =>
  invalid(
    `The request is not valid: ${errors.length} problem${errors.length === 1 ? '' : 's'} (see details.errors).`,
    { errors },
  );
