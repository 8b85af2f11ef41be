// The overview's rent against market: how far each let unit's rent lies from its market rent, as a
// histogram of (rent − market) with a bin edge at zero, and the total loss-to-lease (market − rent
// summed over the units let below market). Units with no rent, or no market rent above zero, are left
// out and counted, never read as zero.
import type { RentGap } from '../../shared/portfolio-overview';
import type { ServiceRecord } from '../../shared/service';
import { dayNumber, leaseRent, marketRent, missingFieldNotes, money, runningLeaseByUnit } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';

type ChartFigures = Omit<RentGap, 'missing'>;

/** About this many bins; a nice width (1, 2, 2.5 or 5 × 10ⁿ) decides the exact number. */
const TARGET_BINS = 12;

/** Rent minus market rent of a let unit, or null when either is unknown or the market rent is not above zero. */
export function rentGapOf(
  unit: ServiceRecord,
  lease: ServiceRecord | undefined,
  has: ViewContext['has'],
): number | null {
  if (!lease) return null;
  const rent = leaseRent(lease, has);
  const market = marketRent(unit, has);
  if (rent === null || market === null || market <= 0) return null;
  return money(rent - market);
}

/** Each let unit's rent gap by unit id (null where it is not known). */
export function rentGaps(data: PortfolioData, ctx: ViewContext): Map<string, number | null> {
  const running = runningLeaseByUnit(data.leases, dayNumber(ctx.today)!);
  const out = new Map<string, number | null>();
  for (const unit of data.units) {
    const lease = running.get(unit.id);
    if (lease) out.set(unit.id, rentGapOf(unit, lease, ctx.has));
  }
  return out;
}

/** A bin width from the 1–2–2.5–5 series, at least 1, giving about TARGET_BINS bins over the range. */
export function binWidth(low: number, high: number): number {
  const raw = Math.max((high - low) / TARGET_BINS, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((w) => w >= raw)!;
}

export function rentAgainstMarket(data: PortfolioData, ctx: ViewContext): ChartFigures {
  const { notes } = missingFieldNotes(ctx, [
    ['leases', 'monthly_rent', 'rents cannot be set against market'],
    ['units', 'market_rent', 'rents cannot be set against market'],
  ]);
  const known: number[] = [];
  let leftOut = 0;
  for (const gap of rentGaps(data, ctx).values()) {
    if (gap === null) leftOut += 1;
    else known.push(gap);
  }
  if (leftOut)
    notes.push(
      `${leftOut.toLocaleString('en')} let units are left out: no rent, or no market rent above zero, on record.`,
    );
  let loss = 0;
  let above = 0;
  for (const gap of known) {
    if (gap < 0) loss -= gap;
    else above += gap;
  }
  const bins: RentGap['bins'] = [];
  if (known.length) {
    const low = known.reduce((a, b) => Math.min(a, b));
    const high = known.reduce((a, b) => Math.max(a, b));
    const width = binWidth(low, high);
    // Edges are whole multiples of the width, so zero is always an edge and no bin straddles market.
    const first = Math.floor(low / width);
    const last = Math.floor(high / width);
    for (let i = first; i <= last; i++) bins.push({ from: i * width, to: (i + 1) * width, count: 0 });
    for (const gap of known) bins[Math.floor(gap / width) - first]!.count += 1;
  }
  return {
    notes,
    bins,
    units: known.length,
    leftOut,
    lossToLease: money(loss),
    aboveMarket: money(above),
  };
}
