// When the focused control leaves the screen (a button that disappears once its work is done, a list
// row that is filtered away) the browser drops the focus on the page body, where the next Tab starts
// over at the sidebar. This puts it on the screen's heading instead, unless something is about to
// place it (a dialog returning it to its opener, a navigation, a message that is still loading).
import { useEffect } from 'react';
import { focusElement, focusIsAwaited, focusIsLost, screenHeading } from './focus-target';

// Radix returns the focus to a dialog's opener a moment after the dialog leaves the page.
const SETTLE_MS = 60;

export function useFocusRescue(): void {
  useEffect(() => {
    let last: Element | null = document.activeElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Element) last = e.target;
    };
    const check = () => {
      timer = undefined;
      if (!focusIsLost() || focusIsAwaited() || !last || last.isConnected) return;
      const heading = screenHeading();
      if (heading) focusElement(heading);
    };
    const observer = new MutationObserver(() => {
      if (timer === undefined && last && !last.isConnected && focusIsLost())
        timer = setTimeout(check, SETTLE_MS);
    });
    document.addEventListener('focusin', onFocus);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocus);
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);
}
