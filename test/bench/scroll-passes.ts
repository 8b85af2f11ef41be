// Scrolls a scroll container from top to bottom in Chromium, one step per frame, and records every
// long task on the way; shared by the renderer benchmark and the plain-page floor it is read against.
import type { Locator } from '@playwright/test';

export interface ScrollPass {
  /** Durations of the tasks over 50 ms, in ms. */
  tasks: number[];
  frames: number;
  /** The most `[role="row"]` elements seen in the container at once. */
  maxRows: number;
}

export function scrollPass(container: Locator): Promise<ScrollPass> {
  return container.evaluate(async (el) => {
    // tsx keeps function names with a helper that does not exist in the page.
    (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f;
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => tasks.push(e.duration)),
    );
    observer.observe({ type: 'longtask' });
    el.scrollTo(0, 0);
    let maxRows = 0;
    // About 20 rows a frame: a fast fling of the scroll wheel, far quicker than reading speed.
    const step = 640;
    const frames = await new Promise<number>((resolve) => {
      let count = 0;
      const tick = () => {
        count += 1;
        maxRows = Math.max(maxRows, el.querySelectorAll('[role="row"]').length);
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return resolve(count);
        el.scrollTo(0, el.scrollTop + step);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await new Promise((r) => setTimeout(r, 200));
    observer.disconnect();
    return { tasks, frames, maxRows };
  });
}

/** Several passes, because a single pass has been seen to pass or fail on the same machine. */
export async function scrollPasses(container: Locator, count: number): Promise<ScrollPass[]> {
  const passes: ScrollPass[] = [];
  for (let i = 0; i < count; i++) passes.push(await scrollPass(container));
  return passes;
}

export function describePasses(passes: ScrollPass[]): { value: string; longest: number } {
  const longest = Math.max(0, ...passes.flatMap((p) => p.tasks));
  const counts = passes.map((p) => p.tasks.length).join(' + ');
  return {
    value: `${counts} (longest ${longest.toFixed(0)} ms), ${passes[0]?.frames ?? 0} frames a pass`,
    longest,
  };
}
