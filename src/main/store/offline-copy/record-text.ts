// What of a record the search index holds: the text of the string fields the contract describes
// (not IDs, dates or enums, nor read-only bookkeeping every collection's records carry alike, such
// as who last wrote it), plus, for a value written like a phone number, its digits run together, so
// that "55501" finds "(555) 010-1234" as well as "555 01" does.
import type { CompiledContract } from '../../../shared/contract';
import { compileContract } from '../../../shared/contract';
import { COLLECTIONS } from '../../../shared/service';
import type { Collection, ServiceRecord } from '../../../shared/service';
import { readStoredJson } from '../stored-json';

export type RecordText = (record: ServiceRecord) => string;
/** The text of a connection's records of one collection, as its cached contract describes them. */
export type RecordTextSource = (connectionId: string, collection: Collection) => RecordText;

/** Record IDs: `id`, and what the service's documentation calls identifier parameters, `<resource>_id`. */
const isIdName = (name: string) => name === 'id' || name.endsWith('_id');
// String formats that are not words anyone types to find a record.
const NOT_WORDS = new Set(['uuid', 'byte', 'binary', 'password', 'time', 'duration']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const PHONE = /^\+?[\d\s().\-/]+$/;

/** The names of the string fields of a collection's records worth searching, from the contract. */
export function textFieldsOf(contract: CompiledContract, collection: Collection): string[] {
  const everywhere = (name: string) =>
    COLLECTIONS.every((c) => contract.recordFields[c].some((f) => f.name === name));
  return contract.recordFields[collection]
    .filter(
      (f) =>
        f.type === 'string' &&
        !isIdName(f.name) &&
        !(f.format !== undefined && NOT_WORDS.has(f.format)) &&
        !(f.readOnly && everywhere(f.name)),
    )
    .map((f) => f.name);
}

/** The digit runs of a phone-like value from each group on: "(555) 010-1234" -> 5550101234, 0101234. */
export function phoneDigits(value: string): string[] {
  if (!PHONE.test(value) || ISO_DATE.test(value.trim())) return [];
  const groups = value.match(/\d+/g) ?? [];
  const digits = groups.join('');
  if (groups.length < 2 || digits.length < 7 || digits.length > 15) return [];
  return groups.slice(0, -1).map((_, i) => groups.slice(i).join(''));
}

function textOf(values: Iterable<unknown>): string {
  const parts: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || value === '') continue;
    parts.push(value, ...phoneDigits(value));
  }
  return parts.join(' ');
}

/** The text of the named fields of a record. */
export function recordTextOf(fields: readonly string[]): RecordText {
  return (record) => textOf(fields.map((name) => record[name]));
}

/**
 * Without a contract: every string value except IDs and ISO dates. Enums cannot be told apart from
 * words here, so they are indexed too.
 */
export const fallbackRecordText: RecordText = (record) =>
  textOf(
    Object.entries(record)
      .filter(([name, value]) => !isIdName(name) && !(typeof value === 'string' && ISO_DATE.test(value)))
      .map(([, value]) => value),
  );

/**
 * Reads the connection's cached contract (compiled once per contract version) to choose the fields.
 * `hash` is the cheap check of which version is cached; `json` is read only when it changed.
 */
export function createRecordTextSource(contracts: {
  hash(connectionId: string): string | undefined;
  json(connectionId: string): string | undefined;
}): RecordTextSource {
  let memo: { connectionId: string; hash: string | undefined; texts: Map<Collection, RecordText> } | null =
    null;
  return (connectionId, collection) => {
    const hash = contracts.hash(connectionId);
    if (memo?.connectionId !== connectionId || memo.hash !== hash) {
      memo = { connectionId, hash, texts: new Map() };
      const contract = hash === undefined ? undefined : compiled(contracts.json(connectionId));
      for (const c of COLLECTIONS)
        memo.texts.set(c, contract ? recordTextOf(textFieldsOf(contract, c)) : fallbackRecordText);
    }
    return memo.texts.get(collection) ?? fallbackRecordText;
  };
}

function compiled(json: string | undefined): CompiledContract | undefined {
  const parsed = readStoredJson(json ?? null);
  if (parsed === undefined) return undefined;
  try {
    return compileContract(parsed);
  } catch {
    // A contract PropDesk cannot read describes no fields; the copy is still searched by its values.
    return undefined;
  }
}
