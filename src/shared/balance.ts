// What a tenant, a lease or a property's tenants owe, as the record pages show it: the same estimate
// from payments as the Delinquency view (the service has no ledger), with its caveat and where the
// figures were read from.
import { z } from 'zod';

export const BALANCE_COLLECTIONS = ['tenants', 'leases', 'properties'] as const;
export type BalanceCollection = (typeof BALANCE_COLLECTIONS)[number];

/** Unpaid charges a page lists under its balance line, oldest first; the count says how many there are. */
export const LISTED_CHARGES = 24;

export const balanceSchema = z.object({
  /** The sum of the unpaid charges in currency units; null when the contract has no amount. */
  total: z.number().nullable(),
  count: z.number().int().nonnegative(),
  /** The due date of the oldest unpaid charge (YYYY-MM-DD); null when nothing is owed. */
  since: z.string().nullable(),
  /** How many tenants owe (a property's balance). */
  tenants: z.number().int().nonnegative(),
  /** The oldest unpaid charges (a tenant's or a lease's; none listed for a property). */
  charges: z.array(
    z.object({
      paymentId: z.string(),
      /** YYYY-MM-DD. */
      due: z.string(),
      /** In currency units; null when the contract has no amount. */
      amount: z.number().nullable(),
      daysOverdue: z.number().int().nonnegative(),
      /** The payment's status as the service keeps it; null when it has none. */
      status: z.string().nullable(),
    }),
  ),
  /** What the estimate rests on, in plain words; the first is the caveat shown beside the figure. */
  notes: z.array(z.string()),
  /** The day it is counted on (YYYY-MM-DD). */
  today: z.string(),
  source: z.discriminatedUnion('kind', [
    /** Read from the service now. */
    z.object({ kind: z.literal('service') }),
    /** Read from the offline copy, as of its time. */
    z.object({ kind: z.literal('copy'), asOf: z.string() }),
    /** No offline copy: the payments of the leases of the first `read` of `units` units, from the service. */
    z.object({
      kind: z.literal('part'),
      read: z.number().int().nonnegative(),
      units: z.number().int().nonnegative(),
    }),
  ]),
});
export type Balance = z.infer<typeof balanceSchema>;
