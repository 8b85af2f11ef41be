// A tenant's notice as it crosses IPC: what the contract lets PropDesk write for it on this lease
// (its end date; the unit's status, where the contract has a value for notice; the unit's asking
// rent), and the landlord's answer, drafted as one batch.
import { z } from 'zod';
import { calendarDay } from './portfolio-focus';
import { recordIdSchema as recordId } from './record-id';

const named = z.object({ field: z.string(), label: z.string() });

export const noticePlanSchema = z.object({
  leaseId: z.string(),
  unitId: z.string().nullable(),
  /** The lease's last day now (YYYY-MM-DD); null for a lease with none (month-to-month). */
  ends: z.string().nullable(),
  /** The lease field that holds its last day. */
  endField: named,
  /** The unit's status field, the value that says its tenant gave notice, and its status now. */
  unitStatus: named.extend({ value: z.string(), now: z.string().nullable() }).nullable(),
  /** The unit's asking rent field and its amount now, in currency units of `currency`. */
  askingRent: named.extend({ now: z.number().nullable() }).nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** What cannot be drafted and why, in words (no status for notice in the contract …). */
  notes: z.array(z.string()),
});
export type NoticePlan = z.infer<typeof noticePlanSchema>;

export const noticeArgsSchema = z.strictObject({
  leaseId: recordId,
  /** The tenancy's new last day. */
  endDate: calendarDay,
  /** Also suggest the unit's status for notice (where the plan has one). */
  unitStatus: z.boolean(),
  /** Also suggest this asking rent for the unit, in currency units; absent: unchanged. */
  askingRent: z.number().finite().min(0).max(100_000_000).optional(),
});
export type NoticeArgs = z.infer<typeof noticeArgsSchema>;
