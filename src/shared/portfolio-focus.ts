// A portfolio view narrowed to the rows behind one mark of the overview's charts (a month of
// expirations, one property's units, an aging bucket, a priority …), shared by IPC, main and the route.
import { z } from 'zod';
import { incomePeriodSchema } from './income-period';
import type { IncomePeriod } from './income-period';
import { recordIdSchema as recordId } from './record-id';
import { PORTFOLIO_PDF_VIEWS, PORTFOLIO_VIEWS } from './portfolio';
import type { PortfolioViewName } from './portfolio';
import { vacancyWindowSchema } from './vacancy-window';
import type { VacancyWindow } from './vacancy-window';

export const OVERDUE_BUCKETS = ['age_0_30', 'age_31_60', 'age_61_90', 'age_90_plus'] as const;
export type OverdueBucket = (typeof OVERDUE_BUCKETS)[number];

export const OPEN_AGE_BUCKETS = ['age_0_7', 'age_8_30', 'age_31_90', 'age_90_plus', 'age_unknown'] as const;
export type OpenAgeBucket = (typeof OPEN_AGE_BUCKETS)[number];

const amount = z.number().finite().min(-1e9).max(1e9);
const enumValue = z
  .string()
  .min(1)
  .max(100)
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'Control characters are not allowed');

export const portfolioFocusSchema = z.discriminatedUnion('kind', [
  /** Expirations: leases ending in one calendar month (YYYY-MM). */
  z.strictObject({ kind: z.literal('month'), month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }),
  /** Expirations: leases ending from today to `days` days ahead (Today's "ending in the next …"). */
  z.strictObject({ kind: z.literal('ending'), days: z.union([z.literal(30), z.literal(60)]) }),
  /** Expirations: month-to-month leases. */
  z.strictObject({ kind: z.literal('month-to-month') }),
  /** Vacancy or rent roll: one property's units; null for units with no property on record. */
  z.strictObject({ kind: z.literal('property'), propertyId: recordId.nullable() }),
  /** Rent roll: let units whose rent minus market rent lies in [from, to). */
  z
    .strictObject({ kind: z.literal('rent-gap'), from: amount, to: amount })
    .refine((f) => f.from < f.to, 'The range must run from low to high'),
  /** Delinquency: overdue payments in one aging bucket. */
  z.strictObject({ kind: z.literal('overdue'), bucket: z.enum(OVERDUE_BUCKETS) }),
  /** Maintenance: open requests of one priority; null for requests with none. */
  z.strictObject({ kind: z.literal('priority'), priority: enumValue.nullable() }),
  /** Maintenance: open requests in one age bucket. */
  z.strictObject({ kind: z.literal('open-age'), bucket: z.enum(OPEN_AGE_BUCKETS) }),
]);
export type PortfolioFocus = z.infer<typeof portfolioFocusSchema>;

/** Which views each kind of focus narrows. */
export const FOCUS_VIEWS: Record<PortfolioFocus['kind'], readonly PortfolioViewName[]> = {
  month: ['expirations'],
  ending: ['expirations'],
  'month-to-month': ['expirations'],
  property: ['vacancy', 'rent-roll'],
  'rent-gap': ['rent-roll'],
  overdue: ['delinquency'],
  priority: ['maintenance'],
  'open-age': ['maintenance'],
};

export const focusFits = (view: PortfolioViewName, focus: PortfolioFocus | undefined): boolean =>
  !focus || FOCUS_VIEWS[focus.kind].includes(view);

/** The views that can be seen as of another day (an estimate from lease and due dates). */
export const DATED_VIEWS: readonly PortfolioViewName[] = ['rent-roll', 'delinquency'];

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the day as YYYY-MM-DD')
  .refine((d) => {
    const time = Date.parse(`${d}T00:00:00Z`);
    // "2026-02-30" parses as 2 March in some engines and not at all in others: both are refused.
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === d;
  }, 'That day does not exist');

type ViewArgs = {
  view: PortfolioViewName;
  focus?: PortfolioFocus | undefined;
  asOfDay?: string | undefined;
  period?: IncomePeriod | undefined;
  within?: VacancyWindow | undefined;
};
const focusFitsArgs = (a: ViewArgs) => focusFits(a.view, a.focus);
const FOCUS_MISFIT = { message: 'This view cannot be narrowed that way', path: ['focus'] };
const datedFitsArgs = (a: ViewArgs) => a.asOfDay === undefined || DATED_VIEWS.includes(a.view);
const DATE_MISFIT = { message: 'This view is shown as of today only', path: ['asOfDay'] };
/** The views that cover a period rather than a day. */
export const PERIOD_VIEWS: readonly PortfolioViewName[] = ['income'];
const periodFitsArgs = (a: ViewArgs) => a.period === undefined || PERIOD_VIEWS.includes(a.view);
const PERIOD_MISFIT = { message: 'This view is shown for one day, not a period', path: ['period'] };
/** The views that look ahead by a chosen window. */
export const WINDOW_VIEWS: readonly PortfolioViewName[] = ['vacancy'];
const windowFitsArgs = (a: ViewArgs) => a.within === undefined || WINDOW_VIEWS.includes(a.view);
const WINDOW_MISFIT = { message: 'Only the vacancy board looks ahead by a window', path: ['within'] };

const viewArgs = {
  view: z.enum(PORTFOLIO_VIEWS),
  focus: portfolioFocusSchema.optional(),
  /** See the view as of this day rather than today (rent roll and delinquency). */
  asOfDay: calendarDay.optional(),
  /** The period a view of money received covers (income); last calendar year when absent. */
  period: incomePeriodSchema.optional(),
  /** How many days ahead the vacancy board looks for units becoming vacant; 90 when absent. */
  within: vacancyWindowSchema.optional(),
};

/** The arguments of a portfolio view: the view, optionally a focus that fits it, and a day to see it as of. */
export const portfolioViewArgsSchema = z
  .strictObject(viewArgs)
  .refine(focusFitsArgs, FOCUS_MISFIT)
  .refine(datedFitsArgs, DATE_MISFIT)
  .refine(periodFitsArgs, PERIOD_MISFIT)
  .refine(windowFitsArgs, WINDOW_MISFIT);

/** A view's CSV: as the view, and whether one line before the header says what the file is. */
export const portfolioExportArgsSchema = z
  .strictObject({ ...viewArgs, describe: z.boolean().optional() })
  .refine(focusFitsArgs, FOCUS_MISFIT)
  .refine(datedFitsArgs, DATE_MISFIT)
  .refine(periodFitsArgs, PERIOD_MISFIT)
  .refine(windowFitsArgs, WINDOW_MISFIT);

/** Save as PDF: the overview or a view, a dated view's day, a period view's period. */
export const portfolioPdfArgsSchema = z
  .strictObject({
    view: z.enum(PORTFOLIO_PDF_VIEWS),
    asOfDay: calendarDay.optional(),
    period: incomePeriodSchema.optional(),
  })
  .refine((a) => a.asOfDay === undefined || (DATED_VIEWS as readonly string[]).includes(a.view), DATE_MISFIT)
  .refine(
    (a) => a.period === undefined || (PERIOD_VIEWS as readonly string[]).includes(a.view),
    PERIOD_MISFIT,
  );
