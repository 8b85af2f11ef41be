// Bulk rent reviews for the active connection: the preview of every matching lease (from a complete
// offline copy at once, saying how old it is; else from the service, or the copy when it cannot be
// reached), and the drafts made from it, split into parts of at most 200 changes labelled as parts of
// one review, all in one transaction (draft-group.ts). The check before submitting reads each lease live.
import type { RentReviewPreview, RentReviewQuery } from '../../shared/drafts';
import type { ServiceRecord } from '../../shared/service';
import { connectionCurrency } from '../connections/connection-currency';
import { readAll } from '../api/read-listing';
import { UserError } from '../base/user-error';
import type { CompiledContract } from '../../shared/contract';
import type { ServiceClient } from '../connections/types';
import type { ConnectionRepository } from '../store/connection-repo';
import type { DraftRepository } from '../store/draft-repo';
import { checkReviewLinks, computeRentReview, proposedValue, reviewMoney } from './rent-review';
import { createDraftGroup } from './draft-group';
import type { ReviewMoney } from './rent-review';

/** What a review needs of the draft service's ports. */
export interface RentReviewPorts {
  drafts: Pick<DraftRepository, 'create'>;
  /** The connection's own record, for the currency its amounts are in. */
  connections: Pick<ConnectionRepository, 'get'>;
  /** Runs fn in one database transaction. */
  transaction: <T>(fn: () => T) => T;
  activeConnectionId(): string;
  cachedContract(connectionId: string): CompiledContract | undefined;
  /** Lists: a complete offline copy first, else the service (the copy when it cannot be reached). */
  browse(): Pick<ServiceClient, 'list'>;
  now?: () => Date;
}

export class RentReviewDrafts {
  constructor(private readonly o: RentReviewPorts) {}

  async preview(query: RentReviewQuery, signal?: AbortSignal): Promise<RentReviewPreview> {
    return (await this.review(query, signal)).preview;
  }

  private async review(
    query: RentReviewQuery,
    signal?: AbortSignal,
  ): Promise<{ preview: RentReviewPreview; leases: ServiceRecord[]; money: ReviewMoney }> {
    const connectionId = this.o.activeConnectionId();
    checkReviewLinks(this.o.cachedContract(connectionId), query);
    const { currency } = connectionCurrency(this.o.connections.get(connectionId) ?? {});
    const money = reviewMoney(this.o.cachedContract(connectionId), query, currency);
    // The oldest copy the lists came from, when they came from the copy.
    const copied: string[] = [];
    const browse = this.o.browse();
    const client: Pick<ServiceClient, 'list'> = {
      list: async (...args) => {
        const page = await browse.list(...args);
        const asOf = (page as { offline?: { asOf?: string } }).offline?.asOf;
        if (asOf) copied.push(asOf);
        return page;
      },
    };
    const [leases, units] = await Promise.all([
      readAll(client, 'leases', query.leaseFilters, signal),
      readAll(client, 'units', query.propertyId ? { property_id: query.propertyId } : {}, signal),
    ]);
    const byId = new Map(units.map((u) => [u.id, u]));
    const inScope = query.propertyId
      ? leases.filter((l) => typeof l.unit_id === 'string' && byId.has(l.unit_id))
      : leases;
    const asOf = copied.length ? copied.sort()[0]! : (this.o.now?.() ?? new Date()).toISOString();
    const preview = computeRentReview(inScope, byId, query, asOf, money);
    return { preview: copied.length ? { ...preview, fromCopy: true } : preview, leases: inScope, money };
  }

  /** One update per kept lease, split into drafts of at most 200 labelled as parts of one review. */
  async create(query: RentReviewQuery, label: string, leaseIds?: readonly string[]): Promise<string[]> {
    const { preview, leases, money } = await this.review(query);
    const keep = leaseIds ? new Set(leaseIds) : undefined;
    const rows = preview.rows.filter((r) => r.skipped === null && (!keep || keep.has(r.leaseId)));
    if (rows.length === 0) {
      throw new UserError('nothing_to_draft', 'No lease in this review would change, so no draft was made.');
    }
    const records = new Map(leases.map((l) => [l.id, l]));
    return createDraftGroup(
      this.o,
      this.o.activeConnectionId(),
      label,
      rows.map((r) => [
        {
          operation: 'update' as const,
          resourceType: 'lease' as const,
          resourceId: r.leaseId,
          fields: { [query.rentField]: proposedValue(r, money) },
          snapshot: records.get(r.leaseId) ?? null,
        },
      ]),
    );
  }
}
