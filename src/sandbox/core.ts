// The sandbox's state in one place: generated records, applied changes, proposals, idempotency
// records, cursor secret and clock, with persistence to the optional state file after every change.
import { randomBytes } from 'node:crypto';
import { CursorCodec } from './cursor';
import { VirtualClock } from './clock';
import { IdempotencyBook } from './idempotency';
import { applyMutation, type Mutation } from './mutations';
import { FieldIndex } from './store/field-index';
import { ProposalBook } from './proposals/proposal-book';
import { generateStore } from './seed/generate';
import { DEFAULT_PAYMENT_MONTHS, RECENT_PAYMENT_MONTHS } from './seed/older-payments';
import { StateFileError, readStateFile, writeStateFile } from './state-file';
import type { RecordStore } from './store/record-store';

export interface CoreOptions {
  seed: number;
  recordsScale: number;
  proposalTtlMs: number;
  stateFile?: string;
  /** Months of payments; left out, the state file's (13 for files older than the choice), else 25. */
  paymentMonths?: number;
  /** Whether the proposal listing leaves out the record an applied create made. */
  noCreatedIds?: boolean;
}

export class SandboxCore {
  readonly clock = new VirtualClock();
  readonly store: RecordStore;
  readonly cursors: CursorCodec;
  readonly book: ProposalBook;
  readonly idempotency: IdempotencyBook;
  /** The records a filter by record ID finds, without scanning the table. */
  readonly byReference = new FieldIndex();
  /** Months of payments the demo was made with. */
  readonly paymentMonths: number;
  private readonly mutations: Mutation[] = [];
  private readonly secret: Buffer;

  constructor(readonly options: CoreOptions) {
    const saved = options.stateFile ? readStateFile(options.stateFile) : undefined;
    // The changes a state file holds were made to the records of its span: it keeps that span.
    const savedMonths = saved ? (saved.paymentMonths ?? RECENT_PAYMENT_MONTHS) : undefined;
    if (
      saved &&
      (saved.seed !== options.seed ||
        saved.recordsScale !== options.recordsScale ||
        (options.paymentMonths !== undefined && options.paymentMonths !== savedMonths))
    )
      throw new StateFileError(
        `The state file ${options.stateFile} was made with --seed ${saved.seed} --records-scale ${saved.recordsScale} --payment-months ${savedMonths}; start with those values or use another state file.`,
      );
    this.paymentMonths = options.paymentMonths ?? savedMonths ?? DEFAULT_PAYMENT_MONTHS;
    this.store = generateStore(options.seed, options.recordsScale, { paymentMonths: this.paymentMonths });
    this.secret = saved ? Buffer.from(saved.cursorSecret, 'base64') : randomBytes(32);
    this.cursors = new CursorCodec(this.secret);
    this.book = saved ? ProposalBook.restore(saved) : new ProposalBook();
    this.idempotency = new IdempotencyBook(saved?.idempotency ?? []);
    try {
      for (const m of saved?.mutations ?? []) {
        applyMutation(this.store, m, true);
        this.mutations.push(m);
      }
    } catch (error) {
      throw new StateFileError(
        `The state file ${options.stateFile} does not fit the demo data: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!saved) this.persist();
  }

  /** Applies and logs a change to records; returns the sequence of a created record. */
  mutate(m: Mutation): number | undefined {
    const seq = applyMutation(this.store, m, false);
    this.mutations.push(m.kind === 'create' ? { ...m, seq: seq! } : m);
    return seq;
  }

  /** Expires overdue proposals against the virtual clock, saving when anything changed. */
  expire(): void {
    if (this.book.expire(this.clock.now())) this.persist();
  }

  persist(): void {
    if (!this.options.stateFile) return;
    writeStateFile(this.options.stateFile, {
      format: 'propdesk-sandbox-state',
      version: 1,
      seed: this.options.seed,
      recordsScale: this.options.recordsScale,
      paymentMonths: this.paymentMonths,
      cursorSecret: this.secret.toString('base64'),
      mutations: this.mutations,
      ...this.book.snapshot(),
      idempotency: this.idempotency.all(),
    });
  }
}
