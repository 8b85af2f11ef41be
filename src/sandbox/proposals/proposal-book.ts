// All batches and proposals, per organisation in insertion order (so the proposals list pages
// like every collection), with expiry applied lazily against the virtual clock.
import { randomBytes } from 'node:crypto';
import type { PageSource } from '../paging';
import type { BatchEntry, ProposalEntry } from './model';

const ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';

export function randomId(prefix: string): string {
  return prefix + Array.from(randomBytes(14), (b) => ALPHABET[b & 31]).join('');
}

interface OrgList {
  items: ProposalEntry[];
  seqs: number[];
}

export class ProposalBook {
  readonly batches = new Map<string, BatchEntry>();
  readonly proposals = new Map<string, ProposalEntry>();
  private readonly lists = new Map<string, OrgList>();
  private readonly pending = new Set<ProposalEntry>();
  private seq = 0;

  add(batch: BatchEntry, proposals: ProposalEntry[]): void {
    this.batches.set(batch.id, batch);
    let list = this.lists.get(batch.organisation);
    if (!list) this.lists.set(batch.organisation, (list = { items: [], seqs: [] }));
    for (const p of proposals) {
      this.proposals.set(p.id, p);
      list.items.push(p);
      list.seqs.push(++this.seq);
      if (p.status === 'proposed') this.pending.add(p);
    }
  }

  /** Turns every unreviewed proposal past its expiry into `expired`; true when something changed. */
  expire(now: number): boolean {
    let changed = false;
    for (const p of this.pending) {
      if (p.status !== 'proposed') this.pending.delete(p);
      else if (p.expiresAt <= now) {
        p.status = 'expired';
        p.updatedAt = p.expiresAt;
        this.pending.delete(p);
        changed = true;
      }
    }
    return changed;
  }

  settled(p: ProposalEntry): void {
    this.pending.delete(p);
  }

  list(organisation: string): PageSource<ProposalEntry> {
    return this.lists.get(organisation) ?? { items: [], seqs: [] };
  }

  pendingOf(organisation: string): ProposalEntry[] {
    return this.list(organisation).items.filter((p) => p.status === 'proposed');
  }

  batchProposals(batch: BatchEntry): ProposalEntry[] {
    return batch.proposalIds.map((id) => this.proposals.get(id)!);
  }

  /** Batch status: awaiting while anything is pending, then `reviewed` (or `expired` if nothing was decided). */
  batchStatus(batch: BatchEntry): string {
    const items = this.batchProposals(batch);
    if (items.some((p) => p.status === 'proposed')) return 'awaiting_human_approval';
    return items.every((p) => p.status === 'expired') ? 'expired' : 'reviewed';
  }

  snapshot(): { batches: BatchEntry[]; proposals: ProposalEntry[] } {
    return {
      batches: [...this.batches.values()],
      proposals: [...this.lists.values()].flatMap((l) => l.items),
    };
  }

  static restore(data: { batches: BatchEntry[]; proposals: ProposalEntry[] }): ProposalBook {
    const book = new ProposalBook();
    const byBatch = new Map<string, ProposalEntry[]>();
    for (const p of data.proposals) byBatch.set(p.batchId, [...(byBatch.get(p.batchId) ?? []), p]);
    // Re-adding batch by batch in creation order keeps every organisation's list order.
    for (const b of [...data.batches].sort((x, y) => x.createdAt - y.createdAt))
      book.add(b, byBatch.get(b.id) ?? []);
    return book;
  }
}
