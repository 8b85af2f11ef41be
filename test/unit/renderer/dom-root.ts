// A React root in a fresh element of the page, for component tests under happy-dom; dispose()
// unmounts it and clears the page (dialogs render into portals outside the root).
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface DomRoot {
  root: Root;
  container: HTMLDivElement;
  dispose(): void;
}

export function domRoot(): DomRoot {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return {
    root,
    container,
    dispose: () => {
      act(() => root.unmount());
      container.remove();
      document.body.innerHTML = '';
    },
  };
}
