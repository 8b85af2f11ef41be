// Submissions held because their connection moved to another server. The outbox never sends them
// (outbox.ts checks each one's server before sending); this asks the user, in main's own message box,
// whether the ones made for each earlier server may go to the new one. Agreeing makes them the new
// server's and announces it (the outbox sends them, see app/reactions.ts); declining leaves them held,
// to be withdrawn from their drafts.
import type { Confirmation, ConfirmWithUser } from '../confirmation';
import { sameServer, serverOf } from '../../shared/server-origin';
import { Signal } from '../signal';
import type { OutboxRepository } from '../store/outbox-repo';

export interface HeldSubmissionsOptions {
  repo: OutboxRepository;
  /** The connection's address now; undefined when it no longer exists. */
  currentAddress(connectionId: string): string | undefined;
  activeId(): string;
  confirm: ConfirmWithUser;
}

export function heldQuestion(count: number, from: string, to: string): Confirmation {
  const them = count === 1 ? 'it' : 'them';
  return {
    title: 'Submissions made for another server',
    message:
      count === 1
        ? `1 submission was made for ${from}; send it to ${to}?`
        : `${count} submissions were made for ${from}; send them to ${to}?`,
    detail: `This connection now points at ${to}. The ${count === 1 ? 'submission was' : 'submissions were'} checked against the records of ${from}. Send ${them} if ${to} is the same service under a new address. If it is not, keep ${them} held: PropDesk sends nothing to ${to} until you agree, and each draft's Submission panel lets you withdraw ${them} and submit again.`,
    confirm: `Send to ${to}`,
    cancel: 'Keep held',
  };
}

export class HeldSubmissions {
  /** A connection's held submissions were released to its new server: they wait to be sent. */
  readonly released = new Signal<{ connectionId: string; count: number }>();
  private readonly asking = new Map<string, Promise<number>>();

  constructor(private readonly o: HeldSubmissionsOptions) {}

  /** The connection's held submissions, counted by the server they were made for. */
  heldByServer(connectionId: string): Map<string, number> {
    const current = this.o.currentAddress(connectionId);
    const counts = new Map<string, number>();
    if (current === undefined) return counts;
    for (const p of this.o.repo.pending(connectionId)) {
      if (sameServer(p.madeFor, current)) continue;
      const from = serverOf(p.madeFor);
      counts.set(from, (counts.get(from) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Asks about each earlier server in turn (one question at a time per connection; a second call
   * while one is open joins it). Resolves with how many submissions the user released.
   */
  offer(connectionId: string): Promise<number> {
    const running = this.asking.get(connectionId);
    if (running) return running;
    const asked = this.ask(connectionId).finally(() => this.asking.delete(connectionId));
    this.asking.set(connectionId, asked);
    return asked;
  }

  /** As offer, for the active connection (the Submission panel's "Send to …" button). */
  offerActive(): Promise<number> {
    return this.offer(this.o.activeId());
  }

  private async ask(connectionId: string): Promise<number> {
    let released = 0;
    for (const [from, count] of this.heldByServer(connectionId)) {
      const to = this.o.currentAddress(connectionId);
      if (to === undefined) break;
      if (!(await this.o.confirm(heldQuestion(count, from, serverOf(to))))) continue;
      // The address may have changed again while the box was open: the answer was about `to` only.
      const now = this.o.currentAddress(connectionId);
      if (now === undefined || !sameServer(now, to)) break;
      released += this.o.repo.retarget(connectionId, from, now);
    }
    if (released > 0) this.released.emit({ connectionId, count: released });
    return released;
  }
}
