// Which property a payment's money belongs to: the payment's own property reference where its
// contract has one and the record fills it, else its lease's unit's property. A payment whose lease,
// unit or property reference is missing belongs to no known property; the caller lists it apart
// ("property unknown"), never drops it. One rule for the income view and the Payments list's
// property column and filter, so the two always agree.
import { textValue } from '../../shared/record-values';
import type { ServiceRecord } from '../../shared/service';

/** The records a payment's property is found through, by ID. */
export interface PlaceLookup {
  lease(id: string): ServiceRecord | undefined;
  unit(id: string): ServiceRecord | undefined;
}

/**
 * The property ID of a payment, or null when it cannot be told. `ownReference`: whether the
 * contract gives payments a property reference of their own (`property_id`).
 */
export function paymentProperty(
  payment: ServiceRecord,
  places: PlaceLookup,
  ownReference: boolean,
): string | null {
  const own = ownReference ? textValue(payment.property_id) : null;
  if (own) return own;
  const leaseId = textValue(payment.lease_id);
  const lease = leaseId ? places.lease(leaseId) : undefined;
  const unitId = lease ? textValue(lease.unit_id) : null;
  const unit = unitId ? places.unit(unitId) : undefined;
  return unit ? textValue(unit.property_id) : null;
}

/** Lookups over records already in memory. */
export function placesIn(leases: readonly ServiceRecord[], units: readonly ServiceRecord[]): PlaceLookup {
  const leaseIndex = new Map(leases.map((l) => [l.id, l]));
  const unitIndex = new Map(units.map((u) => [u.id, u]));
  return { lease: (id) => leaseIndex.get(id), unit: (id) => unitIndex.get(id) };
}
