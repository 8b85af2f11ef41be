// One open draft in this window: the write-behind mirror of main's copy, and the one owner of what
// the editor shows of it. Main's database is the truth; this store holds main's copy as last heard,
// what the user typed over it (change-edits.ts, with the rules by which the two meet), which changes
// have writes waiting or on their way, and the one queue every write of the editor goes through: an
// edit ~300 ms after its last keystroke, an added or removed change, the submission. Each write names
// the revision the write before it left, so main never refuses the editor's own writes as stale.
//
// Main's answers (a write's result, or main's copy read again after drafts.changed) are merged here:
// - a copy older than the one held (a lower revision) is dropped: a slow read never undoes a write;
// - the queue takes main's revision only while nothing of its own is waiting or on its way, so an
//   edit made before someone else's is refused by main (draft_changed) rather than written over it;
// - after such a refusal main's copy is read again and the editor starts from it as if just opened;
//   edits not yet written go on top of it where their change was left alone, the others are dropped
//   and the editor says so.
import { QueryObserver } from '@tanstack/react-query';
import type { QueryClient, QueryObserverResult } from '@tanstack/react-query';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { Result } from '../../../../../shared/app-error';
import type { DraftChange, DraftChangeInput, DraftDetail } from '../../../../../shared/drafts';
import type { queryKeys } from '../../../lib/query-keys';
import { draftQuery, draftWrites } from '../use-drafts-api';
import type { DraftWrite } from '../use-drafts-api';
import { changeWith } from './change-input';
import { freshEdit, mergedEdits, typedEdit, writableAgain } from './change-edits';
import type { ChangeEdit, ChangeEdits } from './change-edits';
import type { RawValue } from './field-values';

export const SAVE_DELAY_MS = 300;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface DraftState {
  /** Main's copy as last heard: a write's answer or a read. */
  main: DraftDetail | undefined;
  /** How reading main's copy stands: its loading and its failure are the editor's to show. */
  read: { status: 'pending' | 'error' | 'success'; error: unknown };
  /** By change ID. */
  edits: ChangeEdits;
  status: SaveStatus;
  problem: string | null;
}

type ChangeWrite = DraftChangeInput & { id: string };
type DraftKey = ReturnType<typeof queryKeys.drafts.detail>;

const FROZEN = 'This draft is being submitted, so it can’t be edited until the outcome is known.';
const CHANGED =
  'This draft was changed elsewhere (another window, an import or the outbox), so it was reloaded. Your last edit was not kept: please make it again.';

/** The answer to a write queued before a reload: it was made against a copy that is gone (an edit
 * written again on top of the new copy is answered by that write instead). */
const RELOADED: Result<DraftDetail> = { ok: false, error: { code: 'draft_changed', message: CHANGED } };

/** Key of the queue's writes that are not an edit of one change (add, remove, submit). */
const ACTION = '';

export class DraftStore {
  /** The state the editor renders (read it with useDraftState). */
  readonly state: StoreApi<DraftState> = createStore<DraftState>()(() => ({
    main: undefined,
    read: { status: 'pending', error: null },
    edits: {},
    status: 'idle',
    problem: null,
  }));

  // The queue: no one renders it, so plain fields; which changes are pending is published into the
  // state on every move, so a card re-renders when its own change's writes come and go.
  /** The revision the next write names; undefined: main's latest, whatever it is. */
  private revision: number | undefined;
  private readonly waiting = new Map<string, { write: ChangeWrite; timer: ReturnType<typeof setTimeout> }>();
  /** Writes queued or running, by change ID (ACTION for the others). */
  private readonly inFlight = new Map<string, number>();
  private chain: Promise<unknown> = Promise.resolve();
  /** Bumped by a reload: writes queued before it are answered RELOADED and never sent. */
  private reloads = 0;
  /** Edits written again after a refusal, by change ID: a save refused before answers with theirs. */
  private readonly rewrites = new Map<string, Promise<boolean>>();
  private readonly key: DraftKey;
  private readonly observer: QueryObserver<DraftDetail, Error, DraftDetail, DraftDetail, DraftKey>;

  constructor(
    private readonly client: QueryClient,
    readonly draftId: string,
  ) {
    const query = draftQuery(draftId);
    this.key = query.queryKey;
    this.observer = new QueryObserver(client, query);
    this.follow(this.observer.getCurrentResult());
  }

  /** Follows main's copy until the returned function is called, which then writes what still waits. */
  readonly open = (): (() => void) => {
    const stop = this.observer.subscribe((result) => this.follow(result));
    return () => {
      stop();
      // Leaving the editor never drops an edit: whatever waits is written at once.
      void this.flush();
    };
  };

  /** One field typed in: kept at once, written after a pause in typing. */
  readonly type = (
    change: DraftChange,
    descriptors: readonly FieldDescriptor[],
    field: string,
    raw: RawValue,
  ): void => {
    const { edit, write } = typedEdit(this.editOf(change), change, descriptors, field, raw);
    this.schedule(write);
    this.put(change.id, { ...edit, pending: this.pendingOf(change.id) }, { status: 'saving' });
  };

  /** The user has been at the change and left it. */
  readonly visit = (changeId: string): void => {
    const edit = this.state.getState().edits[changeId];
    if (edit && !edit.visited) this.put(changeId, { ...edit, visited: true });
  };

  /** Writes every edit still waiting now; resolves true once main has them all. */
  readonly flush = async (): Promise<boolean> => {
    const saved = await Promise.all(this.sendWaiting());
    await this.chain;
    return saved.every(Boolean);
  };

  /** Sends what waits, then runs `write` in turn with the revision the write before left. */
  readonly run = (write: DraftWrite): Promise<Result<DraftDetail>> => {
    void this.sendWaiting();
    return this.enqueue(ACTION, write);
  };

  /** Adds a change (or replaces one with the same ID) in turn. */
  readonly add = (change: ChangeWrite): Promise<Result<DraftDetail>> =>
    this.run(draftWrites.putChange(this.draftId, change));

  /**
   * Hands a field of a change to the record an earlier change creates, in turn after the edits still
   * waiting (so a value typed there is written first, then replaced by the link).
   */
  readonly link = async (
    changeId: string,
    field: string,
    sourceChangeId: string,
  ): Promise<Result<DraftDetail>> => {
    const result = await this.run(draftWrites.link(this.draftId, { changeId, field, sourceChangeId }));
    // A refused link (main checks the record type and loops again) is said; a reload says its own.
    if (!result.ok && result.error.code !== 'draft_changed')
      this.state.setState({ problem: result.error.message });
    return result;
  };

  /** Removes a change in turn; an edit of it still waiting is dropped, not written. */
  readonly remove = (changeId: string): Promise<Result<DraftDetail>> => {
    const waiting = this.waiting.get(changeId);
    if (waiting) clearTimeout(waiting.timer);
    this.waiting.delete(changeId);
    this.publish(changeId);
    return this.run(draftWrites.removeChange(this.draftId, changeId));
  };

  /** Merges one copy of main's: dropped when older than the one held, else taken by the edit rules. */
  readonly receive = (detail: DraftDetail): void => {
    const { main, edits } = this.state.getState();
    if (main === detail || (main && detail.revision < main.revision)) return;
    if (this.idle()) this.revision = detail.revision;
    this.state.setState({ main: detail, edits: mergedEdits(edits, detail, (id) => this.pendingOf(id)) });
  };

  readonly dismissProblem = (): void => this.state.setState({ problem: null });

  private follow(result: QueryObserverResult<DraftDetail>): void {
    const read = this.state.getState().read;
    if (read.status !== result.status || read.error !== result.error)
      this.state.setState({ read: { status: result.status, error: result.error } });
    if (result.data) this.receive(result.data);
  }

  private editOf(change: DraftChange): ChangeEdit {
    return this.state.getState().edits[change.id] ?? freshEdit(change, this.pendingOf(change.id));
  }

  private put(id: string, edit: ChangeEdit, more: Partial<DraftState> = {}): void {
    this.state.setState((s) => ({ ...more, edits: { ...s.edits, [id]: edit } }));
  }

  private pendingOf(id: string): number {
    return (this.waiting.has(id) ? 1 : 0) + (this.inFlight.get(id) ?? 0);
  }

  private idle(): boolean {
    return this.waiting.size === 0 && this.inFlight.size === 0;
  }

  /** Publishes how many writes of a change wait or run. */
  private publish(id: string): void {
    const edit = this.state.getState().edits[id];
    const pending = this.pendingOf(id);
    if (edit && edit.pending !== pending) this.put(id, { ...edit, pending });
  }

  private count(key: string, by: 1 | -1): void {
    const left = (this.inFlight.get(key) ?? 0) + by;
    if (left > 0) this.inFlight.set(key, left);
    else this.inFlight.delete(key);
    if (key !== ACTION) this.publish(key);
  }

  /** Appends one write to the queue; every write sees the revision the one before it produced. */
  private enqueue(key: string, write: DraftWrite): Promise<Result<DraftDetail>> {
    this.count(key, 1);
    const queuedIn = this.reloads;
    const done = this.chain.then(async () => {
      const result = queuedIn === this.reloads ? await this.send(write) : RELOADED;
      this.count(key, -1);
      // Merged once this write no longer counts as pending: the change keeps its text only if
      // another edit of it is still to come, or main holds what was sent.
      if (result.ok) {
        this.receive(result.data);
        this.rebase(key, result.data);
      }
      return result;
    });
    this.chain = done;
    return done;
  }

  /** One write, with the revision the queue stands at; main's refusals handled before it answers. */
  private async send(write: DraftWrite): Promise<Result<DraftDetail>> {
    const key = this.key;
    try {
      const result = await write(this.revision);
      if (result.ok) {
        this.revision = result.data.revision;
        // Others reading the draft (the list, a later visit) see main's answer at once.
        this.client.setQueryData(key, result.data);
      } else if (result.error.code === 'draft_changed') await this.reload();
      else if (result.error.code === 'draft_frozen') await this.client.invalidateQueries({ queryKey: key });
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'bridge_failed', message } };
    }
  }

  /** After a write is answered: what main now holds of the change is what its next edits build on. */
  private rebase(id: string, detail: DraftDetail): void {
    const edit = this.state.getState().edits[id];
    const fields = detail.changes.find((c) => c.id === id)?.fields;
    if (edit && fields && edit.pending > 0) this.put(id, { ...edit, base: fields });
  }

  /**
   * After a refusal: main's copy is read again and the editor starts from it, as if just opened. An
   * edit not yet written goes on top of it where main holds its change as the edit found it; the
   * others are dropped, and the editor says so.
   */
  private async reload(): Promise<void> {
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    const unwritten = new Set([...this.waiting.keys(), ...this.inFlight.keys()]);
    unwritten.delete(ACTION);
    this.waiting.clear();
    this.rewrites.clear();
    this.reloads += 1;
    this.revision = undefined;
    await this.client.invalidateQueries({ queryKey: this.key });
    const { main, edits, read } = this.state.getState();
    // Unread, main's copy is not known well enough to write anything on top of it.
    const known = read.status === 'success' ? main : undefined;
    if (known) this.revision = known.revision;
    const next: Record<string, ChangeEdit> = {};
    const again: ChangeWrite[] = [];
    for (const change of main?.changes ?? []) {
      const edit = edits[change.id];
      // Typed while main's copy was read again: it waits to be written.
      if (edit && this.waiting.has(change.id)) next[change.id] = edit;
      else if (known && unwritten.has(change.id) && writableAgain(edit, change)) {
        next[change.id] = edit;
        again.push(changeWith(change, edit.sent));
        unwritten.delete(change.id);
      } else next[change.id] = freshEdit(change, this.pendingOf(change.id));
    }
    this.state.setState({ edits: next, ...(unwritten.size ? { status: 'error', problem: CHANGED } : {}) });
    for (const write of again) {
      const saving = this.save(write).finally(() => {
        if (this.rewrites.get(write.id) === saving) this.rewrites.delete(write.id);
      });
      this.rewrites.set(write.id, saving);
    }
  }

  private async save(write: ChangeWrite): Promise<boolean> {
    this.state.setState({ status: 'saving' });
    const result = await this.enqueue(write.id, draftWrites.putChange(this.draftId, write));
    if (result.ok) {
      this.state.setState({ status: 'saved' });
      return true;
    }
    const { code, message } = result.error;
    // Refused, and written again on top of main's copy as it now stands: that write answers.
    const again = code === 'draft_changed' ? this.rewrites.get(write.id) : undefined;
    if (again) return again;
    const problem =
      code === 'draft_changed'
        ? CHANGED
        : code === 'draft_frozen'
          ? FROZEN
          : `This edit was not saved: ${message}`;
    this.state.setState({ status: 'error', problem });
    return false;
  }

  private schedule(write: ChangeWrite): void {
    const before = this.waiting.get(write.id);
    if (before) clearTimeout(before.timer);
    const timer = setTimeout(() => {
      this.waiting.delete(write.id);
      void this.save(write);
    }, SAVE_DELAY_MS);
    this.waiting.set(write.id, { write, timer });
  }

  /** Queues every edit still waiting for its delay, in the order they were typed. */
  private sendWaiting(): Array<Promise<boolean>> {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    return all.map((w) => {
      clearTimeout(w.timer);
      return this.save(w.write);
    });
  }
}
