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

/** Any thrown value as a UiError, so a screen can tell problems apart by code. */
export function asUiError(error: unknown): UiError {
  if (error instanceof UiError) return error;
  return new UiError({ code: 'unknown', message: errorMessage(error) });
}

export function errorMessage(error: unknown): string {
  if (error instanceof UiError || error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** For forms that show a problem beside their button: null once `pending` succeeds, else its message. */
export async function problemOf(pending: Promise<unknown>): Promise<string | null> {
  try {
    await pending;
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}
