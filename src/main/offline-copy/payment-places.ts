// The property each payment of a list page belongs to, for the Payments list's Property column: by the
// one rule the income view and the Property filter use (payment-property.ts), through the complete
// offline copy of leases and units. Without that copy the page goes out as it is and the column says
// nothing rather than guess.
import type { CompiledContract } from '../../shared/contract';
import type { Collection, ServiceRecord } from '../../shared/service';
import { paymentProperty } from '../portfolio/payment-property';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { copiedPlaces, ownPropertyField } from './own-filter-terms';

export interface PaymentPlacesDeps {
  repo: Pick<OfflineCopyRepository, 'state' | 'records'>;
  activeId: () => string;
  contract: (connectionId: string) => CompiledContract | undefined;
}

export class PaymentPlaces {
  constructor(private readonly o: PaymentPlacesDeps) {}

  /** The page with `properties` (payment ID → property ID, or null when it cannot be told) for payments. */
  of<P extends { data: ServiceRecord[] }>(
    collection: Collection,
    page: P,
  ): P & { properties?: Record<string, string | null> } {
    if (collection !== 'payments' || page.data.length === 0) return page;
    const connectionId = this.o.activeId();
    const places = copiedPlaces(this.o.repo, connectionId);
    if (!places) return page;
    const ownReference = ownPropertyField(this.o.contract(connectionId)) !== null;
    const properties: Record<string, string | null> = {};
    for (const payment of page.data)
      properties[payment.id] = paymentProperty(payment, places.lookup, ownReference);
    return { ...page, properties };
  }
}
