// Which contract fields a bulk rent review can use: the lease's numeric update fields for the rent,
// the unit's numeric record fields named for a market rent, and the lease status choices. Nothing is
// hard-coded but the one name the service document gives as its example (monthly_rent).
import type { CompiledContract, FieldDescriptor } from '../../../../shared/contract';

/** the service documentation's own example of a lease field: "monthly_rent on a lease, a number". */
const DOCUMENTED_RENT_FIELD = 'monthly_rent';

export interface RentReviewFields {
  /** Numeric fields one may suggest on a lease update. */
  rentFields: FieldDescriptor[];
  defaultRentField: string | undefined;
  /** Numeric unit fields whose name mentions a market rent; empty when the contract has none. */
  marketFields: FieldDescriptor[];
  /** Allowed lease statuses from the lease record's `status` enum, where the contract has one. */
  statusChoices: string[] | undefined;
  defaultStatus: string;
}

const isNumeric = (f: FieldDescriptor) => f.type === 'number' || f.type === 'integer';

export function rentReviewFields(contract: CompiledContract | undefined): RentReviewFields {
  const rentFields = (contract?.resources.lease.updateFields ?? []).filter(isNumeric);
  const marketFields = (contract?.recordFields.units ?? []).filter(
    (f) => isNumeric(f) && /market/i.test(f.name),
  );
  const status = contract?.recordFields.leases.find((f) => f.name === 'status');
  const statusChoices = status?.enumValues?.length ? status.enumValues.map(String) : undefined;
  const defaultRentField = rentFields.some((f) => f.name === DOCUMENTED_RENT_FIELD)
    ? DOCUMENTED_RENT_FIELD
    : rentFields[0]?.name;
  return {
    rentFields,
    defaultRentField,
    marketFields,
    statusChoices,
    // A review is usually of running leases; offered only when the contract has that status.
    defaultStatus: statusChoices?.includes('active') ? 'active' : '',
  };
}
