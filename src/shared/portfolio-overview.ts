// The portfolio overview: the figures behind its five charts, computed in main from the offline copy
// and shared by the IPC contract, main and the renderer. Money is in the contract's units; a null
// amount means the contract has no such field, so only counts are known.
import { z } from 'zod';
import { OPEN_AGE_BUCKETS, OVERDUE_BUCKETS } from './portfolio-focus';
import { COLLECTIONS } from './service/collections';

const count = z.number().int().nonnegative();
const amount = z.number().finite().nullable();

/** What every chart carries: the collections it lacks a copy of, and plain-words notes. */
const chartBase = { missing: z.array(z.enum(COLLECTIONS)), notes: z.array(z.string()) };

export const ladderMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  count,
  /** Monthly rent of the leases ending that month. */
  rent: amount,
  /** That rent as a share of the portfolio's monthly rent (0..1); null when either is unknown. */
  share: z.number().nonnegative().nullable(),
  /** More than the stand-out share of the portfolio's monthly rent ends that month. */
  standsOut: z.boolean(),
  leaseIds: z.array(z.string()),
});
export type LadderMonth = z.infer<typeof ladderMonthSchema>;

export const expirationLadderSchema = z.object({
  ...chartBase,
  months: z.array(ladderMonthSchema),
  /** Month-to-month leases, counted apart from the months. */
  monthToMonth: z.object({ count, rent: amount, leaseIds: z.array(z.string()) }),
  /** The monthly rent of every running lease (the rent roll's total); null when rents are unknown. */
  portfolioRent: amount,
  /** The share above which a month stands out (0.15). */
  standOutShare: z.number(),
});
export type ExpirationLadder = z.infer<typeof expirationLadderSchema>;

export const occupancyRowSchema = z.object({
  propertyId: z.string().nullable(),
  name: z.string(),
  let: count,
  vacant: count,
  /** Let units whose own status is not an occupied one (e.g. notice given). */
  other: count,
});
export type OccupancyRow = z.infer<typeof occupancyRowSchema>;

export const occupancySchema = z.object({ ...chartBase, properties: z.array(occupancyRowSchema) });
export type Occupancy = z.infer<typeof occupancySchema>;

export const rentGapSchema = z.object({
  ...chartBase,
  /** Half-open ranges [from, to) of rent minus market rent, with the let units in each. */
  bins: z.array(z.object({ from: z.number(), to: z.number(), count })),
  /** Let units with both a rent and a market rent above zero. */
  units: count,
  /** Let units left out: no rent, or no market rent above zero. */
  leftOut: count,
  /** The sum of (market − rent) over units let below market. */
  lossToLease: z.number(),
  /** The sum of (rent − market) over units let above market. */
  aboveMarket: z.number(),
});
export type RentGap = z.infer<typeof rentGapSchema>;

export const agingSchema = z.object({
  ...chartBase,
  buckets: z.array(z.object({ key: z.enum(OVERDUE_BUCKETS), label: z.string(), count, amount })),
  total: amount,
});
export type Aging = z.infer<typeof agingSchema>;

export const openMaintenanceSchema = z.object({
  ...chartBase,
  byPriority: z.array(z.object({ priority: z.string().nullable(), label: z.string(), count })),
  byAge: z.array(z.object({ key: z.enum(OPEN_AGE_BUCKETS), label: z.string(), count })),
});
export type OpenMaintenance = z.infer<typeof openMaintenanceSchema>;

export const portfolioOverviewSchema = z.object({
  /** The oldest as-of time of the collections the charts read; null when one has no copy. */
  asOf: z.string().nullable(),
  today: z.string(),
  /** Collections some chart needs that have no complete offline copy yet. */
  missing: z.array(z.enum(COLLECTIONS)),
  /** Said once for every chart, e.g. that the contract is not stored yet. */
  notes: z.array(z.string()),
  ladder: expirationLadderSchema,
  occupancy: occupancySchema,
  rentGap: rentGapSchema,
  aging: agingSchema,
  maintenance: openMaintenanceSchema,
});
export type PortfolioOverview = z.infer<typeof portfolioOverviewSchema>;
