// A crash the window reports to main: its shape for the IPC contract and the lengths it is cut to,
// shared so the renderer cuts a report to exactly what main accepts.
import { z } from 'zod';

export const CRASH_REPORT_LIMITS = { message: 2000, stack: 16_000, componentStack: 16_000 } as const;

export const crashReportSchema = z.strictObject({
  message: z.string().max(CRASH_REPORT_LIMITS.message),
  stack: z.string().max(CRASH_REPORT_LIMITS.stack).optional(),
  componentStack: z.string().max(CRASH_REPORT_LIMITS.componentStack).optional(),
});
export type CrashReport = z.infer<typeof crashReportSchema>;

/** The report of an error caught by a React error boundary, cut to the limits. */
export function crashReportOf(error: Error, componentStack: string | null | undefined): CrashReport {
  return {
    message: String(error.message).slice(0, CRASH_REPORT_LIMITS.message),
    ...(error.stack ? { stack: error.stack.slice(0, CRASH_REPORT_LIMITS.stack) } : {}),
    ...(componentStack
      ? { componentStack: componentStack.slice(0, CRASH_REPORT_LIMITS.componentStack) }
      : {}),
  };
}
