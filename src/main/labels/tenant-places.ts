// Where tenants rent: the unit of each tenant's running lease, named by the shared label rule
// ("Willow Row · 2"), so two tenants of one name are told apart in pickers and search by where they
// live. A lease runs by the one rule every screen uses (lease-running.ts), its dates read through the
// contract's field roles; which of its fields names the unit and the tenant comes from the contract.
// The leases are read from the offline copy when it has them (no request); without it, each tenant's
// leases from the service by the leases' tenant filter, for the first few tenants asked only, as a
// screen's labels are read by ID: a picker's first rows cost a row's read each, never a whole listing.
import type { CompiledContract } from '../../shared/contract';
import { referencedCollection } from '../../shared/contract';
import { fieldRoles, fieldsIn } from '../../shared/field-roles';
import { labelKey } from '../../shared/label-refs';
import type { LabelAnswer, LabelRef } from '../../shared/label-refs';
import { dayNumber, isRunning } from '../../shared/lease-running';
import { COLLECTION_FILTERS } from '../../shared/service';
import type { Collection, FilterKind, ServiceRecord } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
import type { OfflineReader } from '../offline-copy/offline-reader';

/** Tenants whose leases are read from the service in one answer, when there is no copy of leases. */
export const PLACE_READS = 25;
/** A tenant's leases read at most: one page at the largest size. */
const LEASES_READ = 100;
/** How long leases read from the service answer again: a picker's next keystrokes ask for the same. */
const KEPT_MS = 60_000;
/** Tenants whose leases are kept at most, across connections. */
const KEPT = 2_000;

export interface TenantPlacesOptions {
  contract: (connectionId: string) => Promise<CompiledContract | undefined>;
  copy: Pick<OfflineReader, 'has' | 'list'>;
  clientFor: (connectionId: string) => ServiceClient;
  /** Labels of a connection's records, linked records included ("<property> · <unit>" for a unit). */
  labels: (connectionId: string, refs: readonly LabelRef[]) => Promise<LabelAnswer>;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
}

/** The leases filter that selects a tenant's leases, as the service's documentation names it. */
function tenantFilter(): string | undefined {
  const table: Record<string, FilterKind> = COLLECTION_FILTERS.leases;
  return Object.entries(table).find(([, k]) => k.kind === 'id' && k.target === 'tenants')?.[0];
}

/** The field of a lease that names a record of `target`: from the contract, else from the record's keys. */
function linkField(
  contract: CompiledContract,
  target: Collection,
  record: ServiceRecord | undefined,
): string | undefined {
  const described = contract.recordFields.leases.map((f) => f.name);
  const names = described.length ? described : Object.keys(record ?? {});
  return names.find((name) => referencedCollection(name) === target);
}

export class TenantPlaces {
  private readonly now: () => number;
  /** Leases read from the service lately, by connection and tenant. */
  private readonly kept = new Map<string, { at: number; leases: ServiceRecord[] }>();

  constructor(private readonly o: TenantPlacesOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Where each tenant rents, by tenant ID; one with no running lease (or out of reach) is left out. */
  async of(connectionId: string, tenantIds: readonly string[]): Promise<Record<string, string>> {
    const ids = [...new Set(tenantIds)];
    const contract = await this.o.contract(connectionId);
    if (!contract || ids.length === 0) return {};
    const leases = await this.leasesOf(connectionId, ids);
    const roles = fieldRoles(contract);
    const today = Math.floor(this.now() / 86_400_000);
    const units = new Map<string, string>();
    for (const [tenantId, own] of leases) {
      const unitField = linkField(contract, 'units', own[0]);
      const tenantField = linkField(contract, 'tenants', own[0]);
      if (!unitField || !tenantField) continue;
      // Only leases that name this tenant count: an answer is not trusted to hold what was asked.
      const named = own.filter((l) => l[tenantField] === tenantId);
      const running = fieldsIn('leases', named, roles)
        .map((lease, i) => ({ lease, unit: named[i]![unitField] }))
        .filter(({ lease, unit }) => typeof unit === 'string' && unit && isRunning(lease, today))
        // The latest to start is where they live now, where two overlap.
        .sort((a, b) => (dayNumber(b.lease.start_date) ?? 0) - (dayNumber(a.lease.start_date) ?? 0));
      const unit = running[0]?.unit;
      if (typeof unit === 'string') units.set(tenantId, unit);
    }
    if (units.size === 0) return {};
    const refs = [...new Set(units.values())].map((id) => ({ collection: 'units' as const, id }));
    const { labels } = await this.o.labels(connectionId, refs);
    const places: Record<string, string> = {};
    for (const [tenantId, unitId] of units) {
      const label = labels[labelKey('units', unitId)];
      if (label) places[tenantId] = label;
    }
    return places;
  }

  /** Each tenant's leases: from the copy, else from the service for the first PLACE_READS tenants. */
  private async leasesOf(
    connectionId: string,
    ids: readonly string[],
  ): Promise<Map<string, ServiceRecord[]>> {
    const filter = tenantFilter();
    const out = new Map<string, ServiceRecord[]>();
    if (!filter) return out;
    if (this.o.copy.has(connectionId, 'leases')) {
      for (const id of ids)
        out.set(id, this.o.copy.list(connectionId, 'leases', { [filter]: id }, undefined, LEASES_READ).data);
      return out;
    }
    const client = this.o.clientFor(connectionId);
    const now = this.now();
    const unread: string[] = [];
    for (const id of ids.slice(0, PLACE_READS)) {
      const known = this.kept.get(`${connectionId}\n${id}`);
      if (known && now - known.at < KEPT_MS) out.set(id, known.leases);
      else unread.push(id);
    }
    await Promise.all(
      unread.map((id) =>
        client.list('leases', { filters: { [filter]: id }, limit: LEASES_READ }).then(
          (page) => {
            out.set(id, page.data);
            this.keep(`${connectionId}\n${id}`, { at: now, leases: page.data });
          },
          (error: unknown) => this.o.log(`The leases of tenant ${id} could not be read`, error),
        ),
      ),
    );
    return out;
  }

  /** Forgets what was read for one connection (or every one): it moved, or its key changed. */
  forget(connectionId?: string): void {
    if (connectionId === undefined) return this.kept.clear();
    for (const key of [...this.kept.keys()]) if (key.startsWith(`${connectionId}\n`)) this.kept.delete(key);
  }

  private keep(key: string, value: { at: number; leases: ServiceRecord[] }): void {
    this.kept.delete(key);
    this.kept.set(key, value);
    // The oldest go first.
    for (const old of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(old);
    }
  }
}
