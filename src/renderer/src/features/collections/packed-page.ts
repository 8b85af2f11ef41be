// One page of records kept as a single JSON string with the offset where each record ends. With
// 100,000 records loaded as objects the renderer holds over a million small heap objects (every
// record and every field value), and each major garbage collection has to visit them all while the
// user scrolls; as text a page is one object, and only the few records on screen are parsed.
// Records with the page's usual fields in the usual order are written as a list of values, so the
// field names are not repeated in every record's text.
import type { ServiceRecord } from '../../../../shared/service';

export class PackedPage {
  readonly length: number;
  private readonly text: string;
  private readonly ends: Uint32Array;
  private readonly fields: readonly string[];

  constructor(records: readonly ServiceRecord[]) {
    const fields = records.length ? Object.keys(records[0]!) : [];
    this.fields = fields;
    const parts = records.map((r) => JSON.stringify(hasFields(r, fields) ? fields.map((f) => r[f]) : r));
    this.length = parts.length;
    this.ends = new Uint32Array(parts.length);
    let end = 0;
    parts.forEach((part, i) => (this.ends[i] = end += part.length));
    this.text = parts.join('');
  }

  /** A new object on every call: callers that need a stable identity keep what they parsed. */
  parse(index: number): ServiceRecord | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    const parsed = JSON.parse(this.text.slice(start, this.ends[index])) as ServiceRecord | unknown[];
    if (!Array.isArray(parsed)) return parsed;
    const record: Record<string, unknown> = {};
    this.fields.forEach((f, i) => (record[f] = parsed[i]));
    return record as ServiceRecord;
  }

  /** The place of the record with this id, or -1, parsing only the records whose text holds it. */
  indexOfId(id: string): number {
    // The id's JSON text is in its record's text whichever way the record was written; a record
    // that holds the same text in another field is ruled out by parsing it.
    const needle = JSON.stringify(id);
    for (let at = this.text.indexOf(needle); at >= 0; at = this.text.indexOf(needle, at + 1)) {
      const index = this.recordAt(at);
      if (this.parse(index)?.id === id) return index;
    }
    return -1;
  }

  /** The record whose text holds the character at this offset. */
  private recordAt(offset: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid]! > offset) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Whether the record has exactly these fields, in this order, none of them undefined. */
function hasFields(record: ServiceRecord, fields: readonly string[]): boolean {
  const keys = Object.keys(record);
  return keys.length === fields.length && keys.every((k, i) => k === fields[i] && record[k] !== undefined);
}
