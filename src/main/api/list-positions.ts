// The list positions a window's listing was handed, page after page. Main reads such a listing one
// page per request (the window asks for the next as the user scrolls), so the check the cursor
// follower makes within one call, that no position comes back a second time, is made across calls
// here: a service repeating a position would otherwise have the window read the same pages forever.
// A page read again (a retry, a refresh) may hand out the position it handed out before; only one
// from before it in its listing is a loop.
import type { Page } from './paging';
import { repeatedPosition } from './paging';

/** Positions remembered at once; a listing forgotten is only no longer checked. */
const KEPT_POSITIONS = 4_096;

/** One listing's positions in order, and where each is in it. */
interface Listing {
  order: string[];
  at: Map<string, number>;
}

export class ListPositions {
  /** By service, what is listed and position: that position's listing. */
  private readonly listings = new Map<string, Listing>();

  /** Checks the page read from `from` and remembers its next position; throws the follower's words. */
  check(page: Page, from: string | undefined, service: string, what: string): void {
    const next = page.nextCursor;
    if (!page.hasMore || !next) return;
    const key = (position: string) => JSON.stringify([service, what, position]);
    let listing = from === undefined ? undefined : this.listings.get(key(from));
    listing ??= {
      order: from === undefined ? [] : [from],
      at: new Map(from === undefined ? [] : [[from, 0]]),
    };
    const here = from === undefined ? -1 : listing.at.get(from)!;
    const found = listing.at.get(next);
    if (found !== undefined && found <= here) throw repeatedPosition(service, what);
    if (found !== here + 1) {
      // Not what this page handed out before: the listing goes on from here another way.
      if (listing.order.length > here + 1) listing = startedAt(listing, here);
      listing.order.push(next);
      listing.at.set(next, here + 1);
    }
    this.listings.delete(key(next));
    this.listings.set(key(next), listing);
    if (this.listings.size > KEPT_POSITIONS) this.listings.delete(this.listings.keys().next().value!);
  }
}

/** The listing's positions up to and including the one at `here`. */
function startedAt(listing: Listing, here: number): Listing {
  const order = listing.order.slice(0, here + 1);
  return { order, at: new Map(order.map((position, i) => [position, i])) };
}
