// Which requests of a connection go first, and the options every call to the service takes. A
// submission goes before everything: the landlord pressed "Submit" and the draft stays frozen until
// the service has answered, and there is only one request per batch, so it costs a list page at most
// one place in the queue. Then what is on screen (a list page, a record, a name being looked at);
// then work nobody is waiting for (the offline copy, the poll, re-reads after approvals).

export const REQUEST_PRIORITIES = ['submission', 'interactive', 'background'] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];

/** A read is either on screen now or background work; only the outbox submits. */
export type ReadPriority = Exclude<RequestPriority, 'submission'>;

/** The queue's ranks: a higher number starts first. */
export const PRIORITY_RANK: Record<RequestPriority, number> = {
  submission: 2,
  interactive: 1,
  background: 0,
};

/** What a caller may say about one read: its own cancel, and whether someone waits for it. */
export interface ReadOptions {
  /** Cancels this call only; a read shared with other callers goes on while any of them still waits. */
  signal?: AbortSignal;
  /** Default: interactive. */
  priority?: ReadPriority;
  /**
   * Within its priority, a larger order starts first (default 0). The offline copy gives a listing's
   * page the pages it still expects to read: the copy lasts as long as its longest listing, whose
   * pages must come one after another, so under a rate limit that listing's next page goes first.
   */
  order?: number;
}

/** A submission's options: it always goes first, so only its cancel. */
export interface SubmitOptions {
  signal?: AbortSignal;
}

/**
 * The queue's rank of a request: its priority's rank, and its order within that priority as a
 * fraction below the next rank, so no order lifts a request past a more urgent priority.
 */
export function queueRank(priority: RequestPriority, order = 0): number {
  const within = Number.isFinite(order) && order > 0 ? order / (order + 1) : 0;
  return PRIORITY_RANK[priority] + within;
}

export function higherPriority(a: RequestPriority, b: RequestPriority): RequestPriority {
  return PRIORITY_RANK[a] >= PRIORITY_RANK[b] ? a : b;
}
