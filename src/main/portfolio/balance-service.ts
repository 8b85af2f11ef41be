// The balance line of a tenant's, a lease's and a property's page: what is owed, since when, and the
// unpaid charges, by the Delinquency view's own rule (unpaid-charges.ts). A tenant's and a lease's
// payments are read as the page reads its lists: from the service, or from the offline copy when the
// service cannot be reached. A property's total comes from the copy, which holds every unit, lease and
// payment; without one, from what PropDesk can read of the service in a few requests, and says so.
import type { Balance, BalanceCollection } from '../../shared/balance';
import { LISTED_CHARGES } from '../../shared/balance';
import type { CompiledContract } from '../../shared/contract';
import { assertNever } from '../../shared/app-error';
import { textValue } from '../../shared/record-values';
import type { Collection, ServiceRecord } from '../../shared/service';
import { listingPages } from '../api/read-listing';
import type { ListArgs } from '../offline-copy/copy-first-reader';
import type { PortfolioService } from './portfolio-service';
import { estimateRules, owedOf, unpaidCharges } from './unpaid-charges';
import type { UnpaidCharge } from './unpaid-charges';
import { readContract } from './view-context';
import type { ViewContext } from './view-kit';

/** A list page from the service, or from the offline copy (marked with its age) when out of reach. */
type ListPage = {
  data: ServiceRecord[];
  nextCursor: string | null;
  hasMore: boolean;
  offline?: { asOf: string } | undefined;
};

export interface BalanceServiceOptions {
  /** The copy-first reader's list: the service first, the copy when the service cannot be reached. */
  list: (args: ListArgs) => Promise<ListPage>;
  /** The copy's records read by the contract, as the portfolio views read them. */
  portfolio: Pick<PortfolioService, 'copy'>;
  activeId: () => string;
  contract: (connectionId: string) => CompiledContract | undefined;
  currency: (connectionId: string) => string;
  /** The service's name, for the message when it keeps sending pages. */
  serviceName: () => string;
  now?: () => Date;
}

/** Without a copy, a property's balance reads the leases of at most this many units. */
const UNITS_READ = 20;

export class BalanceService {
  constructor(private readonly o: BalanceServiceOptions) {}

  async of(collection: BalanceCollection, id: string): Promise<Balance> {
    switch (collection) {
      case 'tenants':
        return this.ofPayments({ tenant_id: id });
      case 'leases':
        return this.ofPayments({ lease_id: id });
      case 'properties':
        return this.ofProperty(id);
      default:
        return assertNever(collection, 'balance');
    }
  }

  private async ofPayments(filters: Record<string, string>): Promise<Balance> {
    const ctx = this.context();
    const read = await this.readAll('payments', filters);
    const { shape } = this.reading(ctx.today);
    const charges = unpaidCharges(shape('payments', read.records), ctx);
    const source = read.asOf ? { kind: 'copy' as const, asOf: read.asOf } : { kind: 'service' as const };
    return balanceOf(charges, ctx, source, LISTED_CHARGES);
  }

  private async ofProperty(propertyId: string): Promise<Balance> {
    const copy = this.o.portfolio.copy(['units', 'leases', 'payments']);
    if (copy.missing.length === 0 && copy.asOf) {
      const units = new Set(
        copy.data.units.filter((u) => textValue(u.property_id) === propertyId).map((u) => u.id),
      );
      const leases = new Set(
        copy.data.leases.filter((l) => units.has(textValue(l.unit_id) ?? '')).map((l) => l.id),
      );
      const payments = copy.data.payments.filter((p) => leases.has(textValue(p.lease_id) ?? ''));
      return balanceOf(unpaidCharges(payments, copy.ctx), copy.ctx, { kind: 'copy', asOf: copy.asOf }, 0);
    }
    // No copy: every unit of the property, then the leases and payments of the first few.
    const ctx = this.context();
    const { shape } = this.reading(ctx.today);
    const units = (await this.readAll('units', { property_id: propertyId })).records;
    const some = units.slice(0, UNITS_READ);
    // Started together: the connection's request scheduler paces them.
    const leases = (
      await Promise.all(some.map(async (u) => (await this.readAll('leases', { unit_id: u.id })).records))
    ).flat();
    const payments = (
      await Promise.all(leases.map(async (l) => (await this.readAll('payments', { lease_id: l.id })).records))
    ).flat();
    const charges = unpaidCharges(shape('payments', payments), ctx);
    return balanceOf(
      charges,
      ctx,
      some.length < units.length
        ? { kind: 'part', read: some.length, units: units.length }
        : { kind: 'service' },
      0,
    );
  }

  private today(): string {
    return (this.o.now?.() ?? new Date()).toISOString().slice(0, 10);
  }

  private reading(today: string) {
    const id = this.o.activeId();
    return readContract(this.o.contract(id), today, this.o.currency(id));
  }

  private context(): ViewContext {
    return this.reading(this.today()).ctx;
  }

  /** Every page of a filtered list; `asOf` is set when the copy answered. */
  private async readAll(
    collection: Collection,
    filters: Record<string, string>,
  ): Promise<{ records: ServiceRecord[]; asOf: string | null }> {
    const records: ServiceRecord[] = [];
    let asOf: string | null = null;
    const lister = {
      host: this.o.serviceName(),
      list: (
        listed: Collection,
        query: { filters: Record<string, string>; limit: number; cursor?: string },
      ) => this.o.list({ collection: listed, ...query }),
    };
    for await (const page of listingPages(lister, collection, filters)) {
      records.push(...page.data);
      if (page.offline) asOf = page.offline.asOf;
    }
    return { records, asOf };
  }
}

/** `listed`: how many of the oldest charges go with it (a property's page lists none). */
function balanceOf(
  charges: UnpaidCharge[],
  ctx: ViewContext,
  source: Balance['source'],
  listed: number,
): Balance {
  const owed = owedOf(charges, ctx);
  return {
    total: owed.total,
    count: owed.count,
    since: owed.since,
    tenants: new Set(charges.map((c) => textValue(c.payment.tenant_id) ?? '')).size,
    charges: charges.slice(0, listed).map((c) => ({
      paymentId: c.payment.id,
      due: String(c.payment.due_date).slice(0, 10),
      amount: c.amount,
      daysOverdue: c.daysOverdue,
      status: textValue(c.payment.status),
    })),
    notes: estimateRules(ctx).notes,
    today: ctx.today,
    source,
  };
}
