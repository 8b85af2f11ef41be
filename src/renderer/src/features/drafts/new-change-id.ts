// IDs for changes made in this window: chosen here so a change's debounced saves all name the same
// change, even before main has answered the first one.
export function newChangeId(): string {
  return `c-${crypto.randomUUID()}`;
}
