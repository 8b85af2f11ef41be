// The second line that tells two records of one name apart wherever they can meet (search hits,
// pickers, group headings, portfolio rows): a tenant's email (else phone), a property's street address
// and city. Which fields those are comes from the contract (a field's format or the words of its name);
// without a contract, from the words of the record's own keys. Other kinds need none: a unit is named
// with its property, a lease with its tenant and unit. A tenant's line starts with where they rent,
// when main found it (tenant-places.ts): "Willow Row · 2, nora@example.com".
import type { FieldDescriptor } from './contract';
import { nameWords } from './contract';
import type { Collection, ServiceRecord } from './service';

type Rule = (name: string, field: FieldDescriptor | undefined) => boolean;

const words = (name: string) => nameWords(name);
const isEmail: Rule = (name, f) =>
  f?.format === 'email' || words(name).some((w) => w === 'email' || w === 'mail');
const isPhone: Rule = (name) =>
  words(name).some((w) => ['phone', 'mobile', 'tel', 'telephone', 'cell'].includes(w));
const isStreet: Rule = (name) => {
  const w = words(name);
  // "address_line2" is the flat or suite: the first line and the street say where.
  return (w.includes('address') || w.includes('street')) && !w.some((x) => /^[2-9]$/.test(x));
};
const isTown: Rule = (name) => words(name).some((w) => w === 'city' || w === 'town' || w === 'locality');

/** For each kind: groups of rules, each group giving one part of the line; the first field that fits wins. */
const PARTS: Partial<Record<Collection, ReadonlyArray<readonly Rule[]>>> = {
  // An email says who it is; a phone only when there is no email.
  tenants: [[isEmail, isPhone]],
  properties: [[isStreet], [isTown]],
};

/** The fields of the collection whose values make the second line, in order. */
export function tellApartFields(
  collection: Collection,
  fields: readonly FieldDescriptor[] | undefined,
  record?: ServiceRecord,
): string[] {
  const parts = PARTS[collection];
  if (!parts) return [];
  const candidates: Array<[string, FieldDescriptor | undefined]> = fields?.length
    ? fields.filter((f) => f.type === 'string').map((f) => [f.name, f])
    : Object.keys(record ?? {}).map((name) => [name, undefined]);
  return parts.flatMap((rules) => {
    for (const rule of rules) {
      const found = candidates.find(([name, f]) => rule(name, f));
      if (found) return [found[0]];
    }
    return [];
  });
}

/** The second line of a record, "ada@example.com" or "12 Elm St · Salem"; null when it has none. */
export function tellApart(
  collection: Collection,
  record: ServiceRecord,
  fields: readonly FieldDescriptor[] | undefined,
): string | null {
  const values = tellApartFields(collection, fields, record)
    .map((name) => record[name])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return values.length ? values.join(' · ') : null;
}

/** A tenant's second line: where they rent, then what tells them apart by their own fields. */
export function withPlace(place: string | null | undefined, line: string | null): string | null {
  if (!place) return line;
  return line ? `${place}, ${line}` : place;
}
