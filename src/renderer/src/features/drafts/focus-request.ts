// A change the next editor to open should scroll to and focus (after "Add change" or "Suggest a
// change" on a record). Module state, because it crosses a route change and nothing else needs it.
let pending: string | null = null;

export function requestFocus(changeId: string): void {
  pending = changeId;
}

/** Focuses the change's first input if it is on screen; true once done. */
export function focusChange(changeId: string): boolean {
  const card = document.getElementById(`change-${changeId}`);
  if (!card) return false;
  card.scrollIntoView({ block: 'nearest' });
  const input = card.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea');
  (input ?? card).focus();
  return true;
}

/** Focuses the requested change once it is on screen, then forgets the request. */
export function settleFocusRequest(): void {
  if (pending && focusChange(pending)) pending = null;
}
