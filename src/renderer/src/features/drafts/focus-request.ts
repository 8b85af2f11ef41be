// A change the next editor to open should scroll to and focus (after "Add change" or "Suggest a
// change" on a record), at the field the change is about when there is one. Module state, because
// it crosses a route change and nothing else needs it.
interface FocusRequest {
  changeId: string;
  field: string | undefined;
}

let pending: FocusRequest | null = null;

export function requestFocus(changeId: string, field?: string): void {
  pending = { changeId, field };
}

const INPUTS = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Focuses the change's input for `field` (or its first input) if it is on screen; true once done. */
export function focusChange(changeId: string, field?: string): boolean {
  const card = document.getElementById(`change-${changeId}`);
  if (!card) return false;
  const own = field
    ? card
        .querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`)
        ?.querySelector<HTMLElement>(INPUTS)
    : undefined;
  const input = own ?? card.querySelector<HTMLElement>(INPUTS);
  (input ?? card).scrollIntoView({ block: 'nearest' });
  (input ?? card).focus();
  if (input instanceof HTMLInputElement && input.type !== 'checkbox') input.select();
  return true;
}

/** Focuses the requested change once it is on screen, then forgets the request. */
export function settleFocusRequest(): void {
  if (pending && focusChange(pending.changeId, pending.field)) pending = null;
}
