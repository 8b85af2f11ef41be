// Whether the page is being printed (or saved as a PDF): virtualized tables then draw every row, since
// paper has no scrolling. The browser's own print (Ctrl/⌘-P, the menu) says so through
// beforeprint/afterprint; "Save as PDF", which main prints without those events, holds print mode for
// the length of the save.
import { flushSync } from 'react-dom';
import { useSyncExternalStore } from 'react';

let byBrowser = false;
let holds = 0;
const listeners = new Set<() => void>();

const printing = () => byBrowser || holds > 0;
const changed = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
    }
  };
}

// beforeprint lays the page out right after its listeners return: the rows must be in the DOM by then.
function onBefore(): void {
  flushSync(() => {
    byBrowser = true;
    changed();
  });
}

function onAfter(): void {
  byBrowser = false;
  changed();
}

export function usePrintMode(): boolean {
  return useSyncExternalStore(subscribe, printing);
}

/** Runs `print` with every table drawn whole, from before it starts until it has ended. */
export async function whilePrinting<T>(print: () => Promise<T>): Promise<T> {
  flushSync(() => {
    holds += 1;
    changed();
  });
  try {
    return await print();
  } finally {
    holds -= 1;
    changed();
  }
}
