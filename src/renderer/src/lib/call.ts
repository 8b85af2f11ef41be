// Unwraps the bridge's {ok,data}|{ok,error} results into values or thrown UiErrors, the form React
// Query expects, keeping the error's code and message for the screen.
import type { AppError, Result } from '../../../shared/app-error';

export class UiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly details: unknown;
  constructor(error: AppError) {
    super(error.message);
    this.name = 'UiError';
    this.code = error.code;
    this.status = error.status;
    this.retryAfterMs = error.retryAfterMs;
    this.details = error.details;
  }
}

export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.data;
  throw new UiError(result.error);
}

export function errorMessage(error: unknown): string {
  if (error instanceof UiError || error instanceof Error) return error.message;
  return 'Something went wrong.';
}
