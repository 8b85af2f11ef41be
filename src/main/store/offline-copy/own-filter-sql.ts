// PropDesk's own filters as SQL over a listing of the offline copy, once resolved against the contract
// and the copy (src/main/offline-copy/own-filter-terms.ts): a range of a date field's day, compared on
// its first ten characters so a received time still falls on its day, and one property's payments,
// by the payment's own property reference where the contract gives one and it is filled, else by the
// lease it is paid under.

/** PropDesk's own filters, resolved: field names from the contract, lease IDs from the copy. */
export interface OwnTerms {
  /** A date field's day from `from` to `to`, inclusive; a record without a date never passes. */
  day?: { field: string; from?: string | undefined; to?: string | undefined } | undefined;
  /** The payments of one property. */
  property?:
    | {
        id: string;
        /** The payment's own property field, when the contract gives one. */
        ownField: string | null;
        /** The leases whose unit belongs to the property. */
        leaseIds: readonly string[];
      }
    | undefined;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const path = (field: string): string => {
  // Field names come from the contract; they are only ever a plain name inside a JSON path.
  if (!NAME.test(field)) throw new Error(`Not a field name: ${field}`);
  return `'$.${field}'`;
};

/** The own terms as ` AND …` conditions with the values to bind, after the service's filters. */
export function ownConditions(own: OwnTerms | undefined): { conditions: string[]; values: string[] } {
  const conditions: string[] = [];
  const values: string[] = [];
  if (own?.day && (own.day.from || own.day.to)) {
    const p = path(own.day.field);
    const day = `substr(json_extract(json, ${p}), 1, 10)`;
    conditions.push(`json_type(json, ${p}) = 'text'`);
    if (own.day.from) {
      conditions.push(`${day} >= ?`);
      values.push(own.day.from);
    }
    if (own.day.to) {
      conditions.push(`${day} <= ?`);
      values.push(own.day.to);
    }
  }
  if (own?.property) {
    const { id, ownField, leaseIds } = own.property;
    const byLease = `json_extract(json, '$.lease_id') IN (SELECT value FROM json_each(?))`;
    if (ownField) {
      const p = path(ownField);
      // The payment's own reference decides when it is filled; the lease only when it is not.
      conditions.push(
        `(CASE WHEN json_type(json, ${p}) = 'text' AND json_extract(json, ${p}) <> '' THEN json_extract(json, ${p}) = ? ELSE ${byLease} END)`,
      );
      values.push(id, JSON.stringify(leaseIds));
    } else {
      conditions.push(byLease);
      values.push(JSON.stringify(leaseIds));
    }
  }
  return { conditions, values };
}
