// Where keyboard focus goes when what held it leaves the screen: the screen's heading, a record's
// heading, a message that says what just happened. Elements that are not focusable by themselves get
// tabIndex -1, so a script can focus them without adding a tab stop.

/** Something on screen to focus, or null while it is not there yet. */
export type FocusFinder = () => HTMLElement | null;

/** The current screen's main heading. */
export const screenHeading: FocusFinder = () => document.querySelector<HTMLElement>('main h1');

/** The open record's heading in the details panel. */
export const recordHeading: FocusFinder = () =>
  document.querySelector<HTMLElement>('main aside[aria-label="Record details"] h2');

export function focusElement(el: HTMLElement): void {
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.tabIndex = -1;
  el.focus({ preventScroll: false });
}

/** True when nothing useful holds the focus: the page itself, or an element no longer on screen. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

const WAIT_MS = 5_000;
let waiting = 0;

/** True while some caller waits to place the focus; the rescue of lost focus then stands back. */
export function focusIsAwaited(): boolean {
  return waiting > 0;
}

/**
 * Focuses what `find` returns as soon as it is on screen (screens render their heading once their data
 * has arrived), unless `still()` says the moment has passed. Returns a function that stops waiting.
 */
export function focusWhenShown(find: FocusFinder, still: () => boolean = () => true): () => void {
  let done = false;
  const attempt = (): boolean => {
    if (done) return true;
    if (!still()) return (done = true);
    const el = find();
    if (!el) return false;
    done = true;
    focusElement(el);
    return true;
  };
  if (attempt()) return () => undefined;
  waiting += 1;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = done = true;
    waiting -= 1;
    clearTimeout(timer);
    observer.disconnect();
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After a dialog closes: back to the control that opened it when it is still there and usable, else
 * to `fallback`, else to the next control after where the opener stood, else to the screen's heading.
 * Call from Radix's onCloseAutoFocus: it takes over Radix's own return, which goes to whatever held
 * the focus when the dialog mounted (with an autofocused field, that field itself).
 */
export function returnFocus(event: Event, opener: Element | null, fallback?: FocusFinder): void {
  event.preventDefault();
  if (fallback) {
    focusWhenShown(fallback, () => focusIsLost() || document.activeElement === opener);
    return;
  }
  if (opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled')) {
    opener.focus();
    return;
  }
  const next = opener?.isConnected ? nextControl(opener) : null;
  focusElement(next ?? screenHeading() ?? document.body);
}

const CONTROLS =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex="0"]';

function nextControl(from: Element): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>(CONTROLS));
  return (
    all.find((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) ??
    all.findLast((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) ??
    null
  );
}
