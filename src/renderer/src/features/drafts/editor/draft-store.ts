// One open draft in this window: the write-behind mirror of main's copy, and the one owner of what
// the editor shows of it. Main's database is the truth; this store holds main's copy as last heard,
// what the user has typed that main may not have yet, which changes have writes waiting or on their
// way, and the one queue every write of the editor goes through (an edit ~300 ms after its last
// keystroke, an added or removed change, the submission), so each write names the revision the write
// before it left and main never refuses the editor's own writes as stale.
//
// Main's answers (a write's result, or main's copy read again after drafts.changed) are merged here by
// these rules, and nowhere else:
// - a copy older than the one held (a lower revision) is dropped: a slow read never undoes a newer write;
// - a change with an edit waiting or on its way keeps what the user typed;
// - any other change takes main's values where main holds other fields than were last sent from here
//   (another window, an import); where main holds the same, the inputs keep the text as typed;
// - the queue takes main's revision only while nothing of its own is waiting or on its way, so an
//   edit made before someone else's is refused by main (draft_changed) rather than written over it;
// - after such a refusal every edit not yet written is dropped, main's copy is read again and the
//   editor starts from it as if just opened, saying so: the user makes the edit again on what main holds.
import { QueryObserver } from '@tanstack/react-query';
import type { QueryClient, QueryObserverResult } from '@tanstack/react-query';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { Result } from '../../../../../shared/app-error';
import type { DraftChange, DraftChangeInput, DraftDetail } from '../../../../../shared/drafts';
import { draftQuery, draftWrites } from '../use-drafts-api';
import type { DraftWrite } from '../use-drafts-api';
import { changeWith } from './change-input';
import { buildFields, initialRaws, sameValue } from './field-values';
import type { ParseContext, RawValue, RawValues } from './field-values';

export const SAVE_DELAY_MS = 300;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** One change as this window holds it beside main's copy. */
export interface ChangeEdit {
  /** What the user typed, by field; a field not here shows main's value. */
  raws: RawValues;
  /** The fields those inputs make, as last handed to the queue; null while nothing is typed. */
  sent: Record<string, unknown> | null;
  /** Fields the user typed in, or that held a value when the change was first shown. */
  touched: ReadonlySet<string>;
  /** Fields the user typed in since the draft was opened (or read again after a refusal). */
  typed: ReadonlySet<string>;
  /** The user has been at the change: moved the focus out of it after being in it. */
  visited: boolean;
  /** Writes of this change waiting for their delay or on their way to main. */
  pending: number;
}

export interface DraftState {
  /** Main's copy as last heard: a write's answer or a read. */
  main: DraftDetail | undefined;
  /** How reading main's copy stands: its loading and its failure are the editor's to show. */
  read: { status: 'pending' | 'error' | 'success'; error: unknown };
  /** By change ID. */
  edits: Readonly<Record<string, ChangeEdit>>;
  status: SaveStatus;
  problem: string | null;
}

export interface DraftStore {
  /** The state the editor renders (read it with useDraftState). */
  readonly state: StoreApi<DraftState>;
  /** Follows main's copy until the returned function is called, which then writes what still waits. */
  open(): () => void;
  /** One field typed in: kept at once, written after a pause in typing. */
  type(change: DraftChange, descriptors: readonly FieldDescriptor[], field: string, raw: RawValue): void;
  /** The user has been at the change and left it. */
  visit(changeId: string): void;
  /** Writes every edit still waiting now; resolves true once main has them all. */
  flush(): Promise<boolean>;
  /** Sends what waits, then runs `write` in turn with the revision the write before left. */
  run(write: DraftWrite): Promise<Result<DraftDetail>>;
  /** Adds a change (or replaces one with the same ID) in turn. */
  add(change: DraftChangeInput & { id: string }): Promise<Result<DraftDetail>>;
  /** Removes a change in turn; an edit of it still waiting is dropped, not written. */
  remove(changeId: string): Promise<Result<DraftDetail>>;
  /** Merges one copy of main's by the rules above. */
  receive(detail: DraftDetail): void;
  dismissProblem(): void;
}

const FROZEN = 'This draft is being submitted, so it can’t be edited until the outcome is known.';
const CHANGED =
  'This draft was changed elsewhere (another window, an import or the outbox), so it was reloaded. Your last edit was not kept: please make it again.';

/** The answer to a write queued before a reload: it was made against a copy that is gone. */
const RELOADED: Result<DraftDetail> = { ok: false, error: { code: 'draft_changed', message: CHANGED } };

/** Key of the queue's writes that are not an edit of one change (add, remove, submit). */
const ACTION = '';

interface Waiting {
  change: DraftChangeInput & { id: string };
  timer: ReturnType<typeof setTimeout>;
}

export function contextOf(change: DraftChange): ParseContext {
  return { operation: change.operation, snapshot: change.snapshot };
}

function plus(set: ReadonlySet<string>, name: string): ReadonlySet<string> {
  return set.has(name) ? set : new Set(set).add(name);
}

export function createDraftStore(client: QueryClient, draftId: string): DraftStore {
  const query = draftQuery(draftId);
  const observer = new QueryObserver(client, query);
  const writes = {
    put: (change: DraftChangeInput & { id: string }) => draftWrites.putChange(draftId, change),
    remove: (changeId: string) => draftWrites.removeChange(draftId, changeId),
  };

  // The queue: not state anyone renders, so plain variables; what screens need of it (which changes
  // are pending) is published into the state on every move.
  /** The revision the next write names; undefined: main's latest, whatever it is. */
  let revision: number | undefined;
  const waiting = new Map<string, Waiting>();
  /** Writes queued or running, by change ID (ACTION for the others). */
  const inFlight = new Map<string, number>();
  let chain: Promise<unknown> = Promise.resolve();
  /** Bumped by a reload: writes queued before it are answered RELOADED and never sent. */
  let reloads = 0;

  const state = createStore<DraftState>()(() => ({
    main: undefined,
    read: { status: 'pending', error: null },
    edits: {},
    status: 'idle',
    problem: null,
  }));
  const set = state.setState;

  const pendingOf = (id: string) => (waiting.has(id) ? 1 : 0) + (inFlight.get(id) ?? 0);

  /** A change as first shown: nothing typed, its fields with a value count as touched. */
  const fresh = (change: DraftChange): ChangeEdit => ({
    raws: {},
    sent: null,
    touched: new Set(Object.keys(change.fields)),
    typed: new Set(),
    visited: false,
    pending: pendingOf(change.id),
  });

  /** Publishes how many writes of a change wait or run, so its card re-renders when that changes. */
  function publish(id: string): void {
    if (id === ACTION) return;
    const edit = state.getState().edits[id];
    const pending = pendingOf(id);
    if (edit && edit.pending !== pending) set((s) => ({ edits: { ...s.edits, [id]: { ...edit, pending } } }));
  }

  function count(key: string, by: 1 | -1): void {
    const left = (inFlight.get(key) ?? 0) + by;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
    publish(key);
  }

  const idle = () => waiting.size === 0 && inFlight.size === 0;

  function merged(edits: DraftState['edits'], detail: DraftDetail): DraftState['edits'] {
    const next: Record<string, ChangeEdit> = {};
    for (const change of detail.changes) {
      const edit = edits[change.id];
      if (!edit) next[change.id] = fresh(change);
      else if (edit.pending > 0 || edit.sent === null || sameValue(edit.sent, change.fields))
        next[change.id] = edit;
      // Main holds something else than was last sent from here, and nothing of ours is on its way.
      else next[change.id] = { ...edit, raws: {}, sent: null };
    }
    return next;
  }

  function receive(detail: DraftDetail): void {
    const { main, edits } = state.getState();
    if (main === detail || (main && detail.revision < main.revision)) return;
    if (idle()) revision = detail.revision;
    set({ main: detail, edits: merged(edits, detail) });
  }

  function follow(result: QueryObserverResult<DraftDetail>): void {
    const read = state.getState().read;
    if (read.status !== result.status || read.error !== result.error)
      set({ read: { status: result.status, error: result.error } });
    if (result.data) receive(result.data);
  }

  /** After a refusal: nothing unwritten is kept, main's copy is read again and the editor starts from it. */
  async function reload(): Promise<void> {
    for (const w of waiting.values()) clearTimeout(w.timer);
    waiting.clear();
    reloads += 1;
    revision = undefined;
    await client.invalidateQueries({ queryKey: query.queryKey });
    set((s) => {
      const edits: Record<string, ChangeEdit> = {};
      // Only an edit typed while the copy was being read again is kept: it waits to be written.
      for (const change of s.main?.changes ?? [])
        edits[change.id] = waiting.has(change.id) ? s.edits[change.id]! : fresh(change);
      return { edits };
    });
  }

  /** Appends one write to the queue; every write sees the revision the one before it produced. */
  function enqueue(key: string, write: DraftWrite): Promise<Result<DraftDetail>> {
    count(key, 1);
    const queuedIn = reloads;
    const done = chain.then(async (): Promise<Result<DraftDetail>> => {
      let result: Result<DraftDetail>;
      try {
        if (queuedIn !== reloads) result = RELOADED;
        else {
          result = await write(revision);
          if (result.ok) {
            revision = result.data.revision;
            // Others reading the draft (the list, a later visit) see main's answer at once.
            client.setQueryData(query.queryKey, result.data);
          } else if (result.error.code === 'draft_changed') await reload();
          else if (result.error.code === 'draft_frozen')
            await client.invalidateQueries({ queryKey: query.queryKey });
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        result = { ok: false, error: { code: 'bridge_failed', message } };
      } finally {
        count(key, -1);
      }
      // Merged once this write no longer counts as pending: the change keeps its text only if
      // another edit of it is still to come, or main holds what was sent.
      if (result.ok) receive(result.data);
      return result;
    });
    chain = done;
    return done;
  }

  async function save(change: DraftChangeInput & { id: string }): Promise<boolean> {
    set({ status: 'saving' });
    const result = await enqueue(change.id, writes.put(change));
    if (result.ok) {
      set({ status: 'saved' });
      return true;
    }
    const { code, message } = result.error;
    set({
      status: 'error',
      problem:
        code === 'draft_changed'
          ? CHANGED
          : code === 'draft_frozen'
            ? FROZEN
            : `This edit was not saved: ${message}`,
    });
    return false;
  }

  function schedule(change: DraftChangeInput & { id: string }): void {
    const before = waiting.get(change.id);
    if (before) clearTimeout(before.timer);
    const timer = setTimeout(() => {
      waiting.delete(change.id);
      void save(change);
    }, SAVE_DELAY_MS);
    waiting.set(change.id, { change, timer });
  }

  /** Queues every edit still waiting for its delay, in the order they were typed. */
  function sendWaiting(): Array<Promise<boolean>> {
    const all = [...waiting.values()];
    waiting.clear();
    return all.map((w) => {
      clearTimeout(w.timer);
      return save(w.change);
    });
  }

  async function flush(): Promise<boolean> {
    const saved = await Promise.all(sendWaiting());
    await chain;
    return saved.every(Boolean);
  }

  function run(write: DraftWrite): Promise<Result<DraftDetail>> {
    void sendWaiting();
    return enqueue(ACTION, write);
  }

  follow(observer.getCurrentResult());

  return {
    state,
    open() {
      const stop = observer.subscribe(follow);
      return () => {
        stop();
        // Leaving the editor never drops an edit: whatever waits is written at once.
        void flush();
      };
    },
    type(change, descriptors, field, raw) {
      const s = state.getState();
      const edit = s.edits[change.id] ?? fresh(change);
      const ctx = contextOf(change);
      const raws = { ...edit.raws, [field]: raw };
      const { fields } = buildFields(
        descriptors,
        { ...initialRaws(descriptors, change.fields, ctx), ...raws },
        ctx,
      );
      schedule(changeWith(change, fields));
      set({
        status: 'saving',
        edits: {
          ...s.edits,
          [change.id]: {
            ...edit,
            raws,
            sent: fields,
            touched: plus(edit.touched, field),
            typed: plus(edit.typed, field),
            pending: pendingOf(change.id),
          },
        },
      });
    },
    visit(changeId) {
      const edit = state.getState().edits[changeId];
      if (edit && !edit.visited)
        set((s) => ({ edits: { ...s.edits, [changeId]: { ...edit, visited: true } } }));
    },
    flush,
    run,
    add: (change) => run(writes.put(change)),
    remove(changeId) {
      const before = waiting.get(changeId);
      if (before) clearTimeout(before.timer);
      waiting.delete(changeId);
      publish(changeId);
      return run(writes.remove(changeId));
    },
    receive,
    dismissProblem: () => set({ problem: null }),
  };
}
