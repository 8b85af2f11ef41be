// @vitest-environment happy-dom
// The draft store on its own, against a fake of main's side of one draft that keeps main's rules
// (every write bumps the revision; a write naming another revision is refused as draft_changed) and
// answers each write only when the test lets it: the order writes reach main, a slow save answered
// after a newer edit, refusals, and main's copy changed elsewhere while the user types or not.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldDescriptor } from '../../../../../../src/shared/contract';
import type { DraftChange, DraftDetail } from '../../../../../../src/shared/drafts';
import { queryKeys } from '../../../../../../src/renderer/src/lib/query-keys';
import {
  DraftStore,
  SAVE_DELAY_MS,
} from '../../../../../../src/renderer/src/features/drafts/editor/draft-store';
import { now, springReview } from '../spring-review';

const rent: FieldDescriptor = {
  name: 'monthly_rent',
  label: 'Monthly rent',
  type: 'number',
  required: false,
  nullable: false,
  readOnly: false,
};

interface Call {
  what: string;
  revision: number | undefined;
  answer: () => void;
}

/** Main's side of draft d1, answering each write when the test calls `answer`, or at once. */
class FakeMain {
  draft: DraftDetail = springReview();
  /** Writes as they reached main, in order. */
  calls: Call[] = [];
  /** False: writes wait for the test to answer them. */
  prompt = true;

  /** Someone else's edit of a change's fields (another window, an import). */
  editElsewhere(changeId: string, fields: Record<string, unknown>) {
    this.bump(this.draft.changes.map((c) => (c.id === changeId ? { ...c, fields } : c)));
  }

  fields(changeId: string) {
    return this.draft.changes.find((c) => c.id === changeId)?.fields;
  }

  private bump(changes: DraftChange[]) {
    this.draft = { ...this.draft, changes, changeCount: changes.length, revision: this.draft.revision + 1 };
  }

  /** Main's answer to a write, decided when main gets to it (when answered, not when sent). */
  private write(
    what: string,
    revision: number | undefined,
    apply: (changes: DraftChange[]) => DraftChange[],
  ) {
    return new Promise((resolve) => {
      const answer = () => {
        if (revision !== undefined && revision !== this.draft.revision) {
          resolve({ ok: false, error: { code: 'draft_changed', message: 'The draft changed' } });
          return;
        }
        this.bump(apply(this.draft.changes));
        resolve({ ok: true, data: this.draft });
      };
      this.calls.push({ what, revision, answer });
      if (this.prompt) answer();
    });
  }

  bridge() {
    return {
      drafts: {
        get: async () => ({ ok: true, data: this.draft }),
        putChange: ({ change, revision }: { change: DraftChange; revision?: number }) =>
          this.write(`put ${change.id} ${JSON.stringify(change.fields)}`, revision, (changes) =>
            changes.some((c) => c.id === change.id)
              ? changes.map((c) => (c.id === change.id ? { ...c, fields: change.fields } : c))
              : [...changes, { ...change, resourceId: change.resourceId ?? null, updatedAt: now }],
          ),
        removeChange: ({ changeId }: { changeId: string }) =>
          this.write(`remove ${changeId}`, undefined, (changes) => changes.filter((c) => c.id !== changeId)),
      },
    };
  }
}

let main: FakeMain;
let client: QueryClient;
let store: DraftStore;
let close: () => void;

const state = () => store.state.getState();
/** What the rent input of a change holds: typed text, or undefined where main's value shows. */
const typedRent = (changeId: string) => state().edits[changeId]?.raws.monthly_rent;
const change = (changeId: string) => state().main!.changes.find((c) => c.id === changeId)!;
const typeRent = (changeId: string, text: string) =>
  store.type(change(changeId), [rent], 'monthly_rent', text);
const wait = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(async () => {
  vi.useFakeTimers();
  main = new FakeMain();
  (window as unknown as { propdesk: unknown }).propdesk = main.bridge();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  store = new DraftStore(client, 'd1');
  close = store.open();
  await wait();
  expect(state().main?.revision).toBe(7);
});

afterEach(() => {
  close();
  client.clear();
  vi.useRealTimers();
});

describe('the write queue', () => {
  it('sends writes in the order they were made, each naming the revision the one before left', async () => {
    typeRent('c1', '1250');
    typeRent('c2', '950');
    const added = store.add({
      id: 'c3',
      operation: 'update',
      resourceType: 'lease',
      resourceId: 'lease_c3',
      fields: { monthly_rent: 750 },
      snapshot: { id: 'lease_c3', monthly_rent: 700 },
    });
    const removed = store.remove('c2');
    await wait();
    expect(await added).toMatchObject({ ok: true });
    expect(await removed).toMatchObject({ ok: true });

    expect(main.calls.map((c) => [c.what, c.revision])).toEqual([
      ['put c1 {"monthly_rent":1250}', 7],
      ['put c2 {"monthly_rent":950}', 8],
      ['put c3 {"monthly_rent":750}', 9],
      ['remove c2', undefined],
    ]);
    expect(main.draft.changes.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(state().main!.revision).toBe(11);
    expect(state().status).toBe('saved');
    expect(state().problem).toBeNull();
  });

  it('writes an edit once, after a pause in typing, and flushing writes it at once', async () => {
    typeRent('c1', '12');
    await wait(SAVE_DELAY_MS / 2);
    typeRent('c1', '1210');
    await wait(SAVE_DELAY_MS - 1);
    expect(main.calls).toEqual([]);
    expect(state().edits.c1?.pending).toBe(1);
    await wait(1);
    expect(main.calls.map((c) => c.what)).toEqual(['put c1 {"monthly_rent":1210}']);

    typeRent('c2', '901');
    expect(await store.flush()).toBe(true);
    expect(main.fields('c2')).toEqual({ monthly_rent: 901 });
    expect(state().edits.c2?.pending).toBe(0);
  });

  it('a slow save answered after a newer edit leaves the newer text in the input', async () => {
    main.prompt = false;
    typeRent('c1', '1250');
    await wait(SAVE_DELAY_MS);
    typeRent('c1', '1260.50');
    await wait(SAVE_DELAY_MS);
    // The first write is on its way, the second queued behind it.
    expect(main.calls).toHaveLength(1);

    main.calls[0]!.answer();
    await wait();
    expect(main.fields('c1')).toEqual({ monthly_rent: 1250 });
    expect(change('c1').fields).toEqual({ monthly_rent: 1250 });
    expect(typedRent('c1')).toBe('1260.50');

    main.calls[1]!.answer();
    await wait();
    expect(main.calls[1]!.revision).toBe(8);
    expect(change('c1').fields).toEqual({ monthly_rent: 1260.5 });
    // Main holds what was typed: the input keeps the text as typed, not main's "1260.5".
    expect(typedRent('c1')).toBe('1260.50');
    expect(state().edits.c1?.pending).toBe(0);
  });

  it('a read of main answered after a newer write is dropped', async () => {
    const before = main.draft;
    typeRent('c1', '1250');
    await wait(SAVE_DELAY_MS);
    expect(state().main!.revision).toBe(8);
    store.receive(before);
    expect(state().main!.revision).toBe(8);
    expect(change('c1').fields).toEqual({ monthly_rent: 1250 });
  });
});

describe('a refusal', () => {
  it('drops an edit of a change someone else changed too, says so, and writes the others again on top', async () => {
    main.editElsewhere('c1', { monthly_rent: 1300 });
    main.prompt = false;
    typeRent('c1', '1250');
    await wait(SAVE_DELAY_MS);
    typeRent('c2', '950');
    await wait(SAVE_DELAY_MS);
    main.calls[0]!.answer();
    await wait();

    // The edit queued behind the refused one was not sent against the old copy, but again on the new.
    expect(main.calls.map((c) => [c.what, c.revision])).toEqual([
      ['put c1 {"monthly_rent":1250}', 7],
      ['put c2 {"monthly_rent":950}', 8],
    ]);
    main.calls[1]!.answer();
    await wait();
    expect(main.fields('c1')).toEqual({ monthly_rent: 1300 });
    expect(main.fields('c2')).toEqual({ monthly_rent: 950 });
    expect(state().main!.revision).toBe(9);
    expect(change('c1').fields).toEqual({ monthly_rent: 1300 });
    expect([typedRent('c1'), typedRent('c2')]).toEqual([undefined, '950']);
    expect(state().problem).toMatch(/changed elsewhere.*please make it again/);

    main.prompt = true;
    typeRent('c1', '1310');
    await wait(SAVE_DELAY_MS);
    expect(main.calls.at(-1)?.revision).toBe(9);
    expect(main.fields('c1')).toEqual({ monthly_rent: 1310 });
  });

  it('caused by someone else’s edit of another change: the edit is written again and nothing is lost', async () => {
    main.editElsewhere('c2', { monthly_rent: 990 });
    typeRent('c1', '1250');
    expect(await store.flush()).toBe(true);

    expect(main.calls.map((c) => c.revision)).toEqual([7, 8]);
    expect(main.fields('c1')).toEqual({ monthly_rent: 1250 });
    expect(main.fields('c2')).toEqual({ monthly_rent: 990 });
    expect(typedRent('c1')).toBe('1250');
    expect(change('c2').fields).toEqual({ monthly_rent: 990 });
    expect(state().problem).toBeNull();
    expect(state().status).toBe('saved');
  });
  it('after a write of the same change was taken: the next edit builds on it and is written again', async () => {
    main.prompt = false;
    typeRent('c1', '1250');
    await wait(SAVE_DELAY_MS);
    typeRent('c1', '1260');
    main.calls[0]!.answer();
    await wait();
    main.editElsewhere('c2', { monthly_rent: 990 });
    main.prompt = true;
    await wait(SAVE_DELAY_MS);

    expect(main.calls.map((c) => [c.what, c.revision])).toEqual([
      ['put c1 {"monthly_rent":1250}', 7],
      ['put c1 {"monthly_rent":1260}', 8],
      ['put c1 {"monthly_rent":1260}', 9],
    ]);
    expect(main.fields('c1')).toEqual({ monthly_rent: 1260 });
    expect(typedRent('c1')).toBe('1260');
    expect(state().problem).toBeNull();
  });
});

describe('main’s copy changed elsewhere', () => {
  /** What the shell's bridge sync does on drafts.changed. */
  const changedEvent = () => client.invalidateQueries({ queryKey: queryKeys.drafts.detail('d1') });

  it('is taken by a change the user is not typing in, while text typed and saved elsewhere stays', async () => {
    typeRent('c1', '1200.50');
    await wait(SAVE_DELAY_MS);
    main.editElsewhere('c2', { monthly_rent: 990 });
    await changedEvent();

    expect(state().main!.revision).toBe(9);
    expect(change('c2').fields).toEqual({ monthly_rent: 990 });
    expect(typedRent('c2')).toBeUndefined();
    expect(typedRent('c1')).toBe('1200.50');

    // Typed over again, and main's change of that same field from elsewhere wins once saved.
    typeRent('c2', '995');
    await wait(SAVE_DELAY_MS);
    expect(main.calls.at(-1)?.revision).toBe(9);
    main.editElsewhere('c2', { monthly_rent: 999 });
    await changedEvent();
    expect(typedRent('c2')).toBeUndefined();
    expect(change('c2').fields).toEqual({ monthly_rent: 999 });
  });

  it('is not taken by a change the user is typing in: the typed text stays and main refuses the stale write', async () => {
    typeRent('c1', '1250');
    main.editElsewhere('c1', { monthly_rent: 1300 });
    await changedEvent();

    expect(change('c1').fields).toEqual({ monthly_rent: 1300 });
    expect(typedRent('c1')).toBe('1250');
    expect(state().edits.c1?.pending).toBe(1);

    // Nothing is written over the other edit: the save names the revision the user typed against.
    await wait(SAVE_DELAY_MS);
    expect(main.calls.map((c) => c.revision)).toEqual([7]);
    expect(main.fields('c1')).toEqual({ monthly_rent: 1300 });
    expect(state().problem).toMatch(/changed elsewhere/);
  });
});
