// Every visible interactive element of a page can be reached: it lies inside the window, or inside a
// scrollable area that can scroll it into view. Returns what cannot, in words, for the assertion.
import type { Page } from '@playwright/test';

const INTERACTIVE =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="grid"], [tabindex="0"]';

export async function unreachableControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const scrolls = (el: Element, axis: 'x' | 'y') => {
      const style = getComputedStyle(el);
      const overflow = axis === 'x' ? style.overflowX : style.overflowY;
      const more = axis === 'x' ? el.scrollWidth > el.clientWidth : el.scrollHeight > el.clientHeight;
      return (overflow === 'auto' || overflow === 'scroll') && more;
    };
    const words = (el: Element) =>
      `${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}”`;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], .visually-hidden, .skip-link'))
        continue;
      for (const axis of ['x', 'y'] as const) {
        const start = axis === 'x' ? box.left : box.top;
        const end = axis === 'x' ? box.right : box.bottom;
        const size = axis === 'x' ? vw : vh;
        if (start >= -1 && end <= size + 1) continue;
        // Outside the window: fine only if some scrollable ancestor, itself reachable, holds it.
        let holder: Element | null = el.parentElement;
        let held = false;
        while (holder && holder !== document.documentElement) {
          if (scrolls(holder, axis)) {
            const h = holder.getBoundingClientRect();
            const hs = axis === 'x' ? h.left : h.top;
            const he = axis === 'x' ? h.right : h.bottom;
            if (hs >= -1 && he <= size + 1) held = true;
            break;
          }
          holder = holder.parentElement;
        }
        if (!held) {
          out.push(`${words(el)} at ${Math.round(start)}–${Math.round(end)} (${axis}, window ${size})`);
          break;
        }
      }
    }
    return out;
  }, INTERACTIVE);
}
