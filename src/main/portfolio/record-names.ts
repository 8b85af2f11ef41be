// How the portfolio views name records: by the shared label rule, from the records of the copy at
// hand, so a unit reads "<property> · <unit>" and a lease "<tenant> · <unit>" as on every screen. A
// row's own record (the lease a row is about, a request) is named by its own words only, since the
// row's other cells already say where and who. A tenant's or property's second line (email, address)
// tells namesakes apart.
import { createLabeller, formatLabel } from '../../shared/contract';
import type { Collection, ServiceRecord } from '../../shared/service';
import { tellApart } from '../../shared/tell-apart';
import type { PortfolioData, ViewContext } from './view-kit';

export interface RecordNames {
  /** The label of a referenced record; its ID when the copy lacks it; `none` when nothing is referenced. */
  of(collection: Collection, id: string | null, none: string): string;
  /** A record's own words (a lease's number, a request's title), or its ID. */
  own(collection: Collection, record: ServiceRecord): string;
  /** The second line of a referenced record that tells it from its namesakes; null for none. */
  note(collection: Collection, id: string | null): string | null;
}

/** Names over the views' records; without a contract (`plans` null) records are shown by their IDs. */
export function recordNames(data: PortfolioData, ctx: Pick<ViewContext, 'plans' | 'fields'>): RecordNames {
  const { plans } = ctx;
  const indexes = new Map<Collection, Map<string, ServiceRecord>>();
  const read = (collection: Collection, id: string): ServiceRecord | undefined => {
    if (collection === 'documents') return undefined;
    let index = indexes.get(collection);
    if (!index) {
      index = new Map(data[collection].map((r) => [r.id, r]));
      indexes.set(collection, index);
    }
    return index.get(id);
  };
  const label = plans ? createLabeller(plans, read) : (_: Collection, r: ServiceRecord) => r.id;
  return {
    of(collection, id, none) {
      if (id === null) return none;
      const record = read(collection, id);
      return record ? label(collection, record) : id;
    },
    own(collection, record) {
      if (!plans) return record.id;
      const plan = plans[collection];
      return formatLabel({ ...plan, context: [], after: [] }, record, { lookup: () => undefined });
    },
    note(collection, id) {
      const record = id === null ? undefined : read(collection, id);
      return record ? tellApart(collection, record, ctx.fields(collection)) : null;
    },
  };
}
