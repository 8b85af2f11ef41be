// PropDesk's own filters of a list resolved for SQL over the offline copy: the received-date range by
// the field the contract's field roles name (the income view's field, so the two agree), and a
// property by the leases whose unit belongs to it, read from the complete copy of leases and units
// by the one rule of which property a payment's money belongs to (payment-property.ts). What cannot
// be told is refused in plain words, never guessed: a contract with no single received-date field, or
// no complete copy of the records a property is found through.
import type { CompiledContract } from '../../shared/contract';
import { fieldRoles, roleOf } from '../../shared/field-roles';
import { hasOwnFilters, ownFilterNames } from '../../shared/own-filters';
import type { OwnFilters } from '../../shared/own-filters';
import { collectionWords } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import { UserError } from '../base/user-error';
import { paymentProperty, placesIn } from '../portfolio/payment-property';
import type { PlaceLookup } from '../portfolio/payment-property';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import type { OwnTerms } from '../store/offline-copy/own-filter-sql';

export interface OwnFilterTermsDeps {
  repo: Pick<OfflineCopyRepository, 'state' | 'records'>;
  /** The connection's compiled contract, when it has been read. */
  contract: (connectionId: string) => CompiledContract | undefined;
}

export type ResolveOwnFilters = (
  connectionId: string,
  collection: Collection,
  own: OwnFilters | undefined,
) => OwnTerms | undefined;

export function ownFilterTerms(deps: OwnFilterTermsDeps): ResolveOwnFilters {
  return (connectionId, collection, own) => {
    if (!hasOwnFilters(own)) return undefined;
    const offered: readonly string[] = ownFilterNames(collection);
    for (const name of Object.keys(own))
      if (!offered.includes(name))
        throw new UserError(
          'invalid_input',
          `PropDesk has no “${name}” filter for ${collectionWords(collection)}.`,
        );
    const contract = deps.contract(connectionId);
    const terms: OwnTerms = {};
    if (own.received_from || own.received_to) {
      if (own.received_from && own.received_to && own.received_from > own.received_to)
        throw new UserError(
          'invalid_input',
          `The received dates run from ${own.received_from} to ${own.received_to}: the first is after the last. Swap them.`,
        );
      terms.day = { field: receivedField(contract), from: own.received_from, to: own.received_to };
    }
    if (own.property) {
      const places = placesFrom(deps.repo, connectionId);
      const leaseIds = places.leases
        .filter(
          (lease) => paymentProperty({ id: '', lease_id: lease.id }, places.lookup, false) === own.property,
        )
        .map((lease) => lease.id);
      terms.property = { id: own.property, ownField: ownPropertyField(contract), leaseIds };
    }
    return terms;
  };
}

/** The payments' received-date field by the contract's field roles; refused when it cannot be told. */
function receivedField(contract: CompiledContract | undefined): string {
  const role = roleOf(fieldRoles(contract), 'payments', 'paid_date');
  // Without a contract (or one that does not describe payments) records are read by the role's name.
  if (!role) return 'paid_date';
  if (role.field) return role.field;
  throw new UserError(
    'cannot_filter',
    role.candidates.length
      ? `PropDesk cannot filter by the day money was received: several date fields of payments could each be that day (${role.candidates.map((f) => `“${f}”`).join(', ')}), and PropDesk does not guess which.`
      : "PropDesk cannot filter by the day money was received: the service's contract gives payments no such date, and a due date says when money was owed, not when it came.",
  );
}

/** The payments' own property reference, when the contract gives one (as the income view reads it). */
export function ownPropertyField(contract: CompiledContract | undefined): string | null {
  const fields = contract?.recordFields.payments;
  if (!fields?.length) return 'property_id';
  return fields.some((f) => f.name === 'property_id') ? 'property_id' : null;
}

function placesFrom(repo: OwnFilterTermsDeps['repo'], connectionId: string) {
  const places = copiedPlaces(repo, connectionId);
  if (places) return places;
  throw new UserError(
    'no_offline_copy',
    "The Property filter finds each payment's property through its lease and unit, and the offline copy holds no complete list of leases and units yet. Update the offline copy, then filter again.",
  );
}

/** The copy's leases and units to find a payment's property through; null without a complete copy of both. */
export function copiedPlaces(
  repo: OwnFilterTermsDeps['repo'],
  connectionId: string,
): { leases: ServiceRecord[]; lookup: PlaceLookup } | null {
  if ((['leases', 'units'] as const).some((c) => repo.state(connectionId, c)?.liveListing == null))
    return null;
  const leases = repo.records(connectionId, 'leases');
  return { leases, lookup: placesIn(leases, repo.records(connectionId, 'units')) };
}
