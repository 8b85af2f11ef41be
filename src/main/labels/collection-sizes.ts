// How many records a collection of a connection holds, where something has shown it: the offline
// copy's complete listing, or a listing read to its end (for names, or a list screen whose first page
// was its last). The service gives no counts, so a collection nobody has seen whole has no size here,
// and names are then read by ID rather than by walking a list of unknown length.

export class CollectionSizes {
  private readonly seen = new Map<string, number>();

  constructor(private readonly copyCount: (connectionId: string, collection: string) => number | undefined) {}

  /** A listing without filters was read to its end: the collection holds `count` records. */
  listed(connectionId: string, collection: string, count: number): void {
    this.seen.set(`${connectionId}\n${collection}`, count);
  }

  known(connectionId: string, collection: string): number | undefined {
    return this.copyCount(connectionId, collection) ?? this.seen.get(`${connectionId}\n${collection}`);
  }

  /** Forgets what was seen of one connection (or every one). */
  forget(connectionId?: string): void {
    if (connectionId === undefined) return this.seen.clear();
    for (const key of [...this.seen.keys()]) if (key.startsWith(`${connectionId}\n`)) this.seen.delete(key);
  }
}
