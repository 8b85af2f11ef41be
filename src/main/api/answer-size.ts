// The size of the answer a page of records came in, kept beside the page rather than in it: pages go
// to the window and into the copy as they are. A listing's caps count each page's size; taking it from
// the answer's text, which was read anyway, saves serialising every page a second time (on loopback
// that second serialisation was the largest part of the client's own cost).
const sizes = new WeakMap<object, number>();

/** Notes that `page` was read from an answer of `chars` characters. */
export function noteAnswerSize(page: object, chars: number): void {
  sizes.set(page, chars);
}

/**
 * The characters a page takes: the answer it came in where known (its records and a few of the
 * envelope's, never fewer than its records'), its records as JSON otherwise (a page made by PropDesk
 * itself, such as one read from the copy).
 */
export function pageSize(page: { readonly data: readonly unknown[] }): number {
  return sizes.get(page) ?? JSON.stringify(page.data).length;
}
