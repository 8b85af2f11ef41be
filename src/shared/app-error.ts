// The one error shape that crosses IPC and reaches the screen: data, never a thrown exception,
// because Electron keeps only `message` of errors thrown across IPC.
import { z } from 'zod';

export const appErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
  status: z.number().int().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  details: z.unknown().optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
