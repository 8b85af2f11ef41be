// The in-memory records of every organisation: per collection a list ordered by an immutable insertion
// sequence (what cursors page on), to which records are added at the end and from which a colleague may
// remove one; a record's ID encodes its place, so single reads need no index.
import { COLLECTIONS, type Collection } from '../../shared/service';
import { ID_PREFIX } from '../schemas/registry';
import { decodeRecordId, recordId } from '../record-id';

export type StoredRecord = Record<string, unknown> & { id: string };

export interface Table {
  items: StoredRecord[];
  /** seqs[i] is the insertion sequence of items[i]; strictly increasing, so binary-searchable. */
  seqs: number[];
  /** Counts every change to the table's records, so what is built from them knows when to rebuild. */
  version: number;
  /** IDs handed out so far, removed records' too: an ID is never given twice. */
  issued: number;
}

export interface Organisation {
  id: string;
  number: number;
  name: string;
  tables: Record<Collection, Table>;
}

function emptyTables(): Record<Collection, Table> {
  const tables = {} as Record<Collection, Table>;
  for (const c of COLLECTIONS) tables[c] = { items: [], seqs: [], version: 0, issued: 0 };
  return tables;
}

export class RecordStore {
  readonly orgs = new Map<string, Organisation>();
  private seq = 0;

  constructor(readonly seed: number) {}

  addOrganisation(id: string, name: string): Organisation {
    const org: Organisation = { id, number: this.orgs.size + 1, name, tables: emptyTables() };
    this.orgs.set(id, org);
    return org;
  }

  organisation(id: string): Organisation {
    const org = this.orgs.get(id);
    if (!org) throw new Error(`Unknown organisation ${id}`);
    return org;
  }

  table(orgId: string, collection: Collection): Table {
    return this.organisation(orgId).tables[collection];
  }

  /** The ID the next record of this collection in this organisation will get. */
  nextId(orgId: string, collection: Collection): string {
    const org = this.organisation(orgId);
    return recordId(ID_PREFIX[collection], this.seed, org.number, org.tables[collection].issued);
  }

  /** Appends a record with a fresh sequence (or a given one, when replaying a state file). */
  insert(orgId: string, collection: Collection, record: StoredRecord, seq?: number): number {
    const table = this.table(orgId, collection);
    if (record.id !== this.nextId(orgId, collection))
      throw new Error(`Record ID ${record.id} is out of order`);
    const assigned = seq ?? this.seq + 1;
    this.seq = Math.max(this.seq, assigned);
    table.items.push(record);
    table.seqs.push(assigned);
    table.version += 1;
    table.issued += 1;
    return assigned;
  }

  /** A record of this organisation; another organisation's ID decodes to a different number. */
  get(orgId: string, collection: Collection, id: string): StoredRecord | undefined {
    const table = this.table(orgId, collection);
    const at = this.position(orgId, collection, id);
    return at === undefined ? undefined : table.items[at];
  }

  /** Takes a record out of its table; its ID is not given again. Undefined when there is no such record. */
  remove(orgId: string, collection: Collection, id: string): StoredRecord | undefined {
    const table = this.table(orgId, collection);
    const at = this.position(orgId, collection, id);
    if (at === undefined) return undefined;
    const [record] = table.items.splice(at, 1);
    table.seqs.splice(at, 1);
    table.version += 1;
    return record;
  }

  /** IDs the table has handed out, including those of removed records. */
  issued(orgId: string, collection: Collection): number {
    return this.table(orgId, collection).issued;
  }

  /** Records in the table now. */
  count(orgId: string, collection: Collection): number {
    return this.table(orgId, collection).items.length;
  }

  /**
   * Where a record sits: at the index its ID encodes, or as many places earlier as records before it
   * were removed (removals are rare, so this stays a single look in the demo as generated).
   */
  private position(orgId: string, collection: Collection, id: string): number | undefined {
    const org = this.organisation(orgId);
    const decoded = decodeRecordId(ID_PREFIX[collection], this.seed, id);
    if (!decoded || decoded.orgNumber !== org.number) return undefined;
    const { items, issued } = org.tables[collection];
    const lowest = Math.max(0, decoded.index - (issued - items.length));
    for (let at = Math.min(decoded.index, items.length - 1); at >= lowest; at--)
      if (items[at]!.id === id) return at;
    return undefined;
  }
}
