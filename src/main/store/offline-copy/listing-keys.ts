// Keys of the offline copy's records: listing * 2^32 + position. A key names its listing (and so the
// listing's table) and its place in the service's order; a page is a range of keys.
export const LISTING_SPAN = 4_294_967_296;
/** Keys stay exact JavaScript numbers (below 2^53) while listing numbers stay below this. */
export const MAX_LISTING = 2 ** 21 - 1;

export const keyOf = (listing: number, position: number): number => listing * LISTING_SPAN + position;
export const listingOf = (key: number): number => Math.floor(key / LISTING_SPAN);
export const positionOf = (key: number): number => key % LISTING_SPAN;
export const firstKey = (listing: number): number => listing * LISTING_SPAN;
export const lastKey = (listing: number): number => listing * LISTING_SPAN + (LISTING_SPAN - 1);
