// Turns anything a handler throws into the AppError shape for the screen. Errors that carry their own
// user-facing form (API errors, user errors) keep it; anything else becomes a generic message and is
// logged, because its text may hold internals.
import type { AppError } from '../../shared/app-error';
import { appErrorSchema } from '../../shared/app-error';
import { diskFullWords, isDiskFull } from '../store/disk-full';

interface HasAppError {
  toAppError(): AppError;
}

function hasAppError(error: unknown): error is HasAppError {
  return (
    typeof error === 'object' && error !== null && typeof (error as HasAppError).toAppError === 'function'
  );
}

export function createErrorMapper(
  log: (message: string, error: unknown) => void,
): (error: unknown) => AppError {
  return (error) => {
    if (hasAppError(error)) {
      const mapped = appErrorSchema.safeParse(error.toAppError());
      if (mapped.success) return mapped.data;
    }
    if (
      error instanceof Error &&
      error.name === 'UserError' &&
      typeof (error as { code?: unknown }).code === 'string'
    ) {
      return { code: (error as unknown as { code: string }).code, message: error.message };
    }
    if (isDiskFull(error)) {
      log('A write found the disk full', error);
      const words = diskFullWords();
      return { code: words.code, message: words.message };
    }
    log('Unexpected error in an IPC handler', error);
    return {
      code: 'internal',
      message:
        'Something went wrong inside PropDesk. Please try again; if it keeps happening, restart the app.',
    };
  };
}
