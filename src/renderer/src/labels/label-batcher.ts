// Gathers the references asked for during one turn of the event loop into as few labels.resolve
// calls as the channel's limit allows: a screen that asks for each of its rows' references one by
// one still sends one call for the screenful.
import { labelKey, MAX_LABEL_REFS } from '../../../shared/label-refs';
import type { LabelAnswer, LabelRef } from '../../../shared/label-refs';
import { recordIdSchema } from '../../../shared/record-id';

/** What a screen learns about one reference. */
export interface LabelResult {
  /** The record's words, or null when the answer did not name it. */
  text: string | null;
  /** Why records of its kind could not be read; absent when nothing went wrong (then it is gone). */
  problem?: string;
}

interface Waiting {
  ref: LabelRef;
  settle: Array<{ resolve: (r: LabelResult) => void; reject: (e: unknown) => void }>;
}

export class LabelBatcher {
  private waiting = new Map<string, Waiting>();
  private scheduled = false;

  constructor(private readonly resolve: (refs: LabelRef[]) => Promise<LabelAnswer>) {}

  /** The label of one reference, sent with every other asked for in the same turn. */
  load(ref: LabelRef): Promise<LabelResult> {
    // No record has an ID of another shape (a typed CSV cell, say): it is not sent, so it cannot
    // make main refuse the whole call with the other references.
    if (!recordIdSchema.safeParse(ref.id).success) return Promise.resolve({ text: null });
    return new Promise((resolve, reject) => {
      const key = labelKey(ref.collection, ref.id);
      const entry = this.waiting.get(key) ?? { ref, settle: [] };
      entry.settle.push({ resolve, reject });
      this.waiting.set(key, entry);
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => this.flush(), 0);
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = [...this.waiting.values()];
    this.waiting = new Map();
    for (let start = 0; start < all.length; start += MAX_LABEL_REFS) {
      void this.send(all.slice(start, start + MAX_LABEL_REFS));
    }
  }

  private async send(batch: Waiting[]): Promise<void> {
    try {
      const answer = await this.resolve(batch.map((w) => w.ref));
      const problem = answer.problems?.join(' ');
      for (const { ref, settle } of batch) {
        const text = answer.labels[labelKey(ref.collection, ref.id)] ?? null;
        const result: LabelResult = text === null && problem ? { text, problem } : { text };
        for (const s of settle) s.resolve(result);
      }
    } catch (error) {
      for (const { settle } of batch) for (const s of settle) s.reject(error);
    }
  }
}
