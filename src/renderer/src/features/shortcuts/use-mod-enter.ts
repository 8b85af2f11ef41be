// Ctrl-Enter (⌘-Enter on a Mac) anywhere in the window runs `action` when `enabled()` says it may:
// the "do it" key of a form, without reaching for its button.
import { useEffect, useRef } from 'react';
import { hasModKey } from './platform-keys';

export function useModEnter(action: () => void, enabled: () => boolean): void {
  const latest = useRef({ action, enabled });
  useEffect(() => {
    latest.current = { action, enabled };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !hasModKey(e) || e.defaultPrevented || !latest.current.enabled()) return;
      e.preventDefault();
      latest.current.action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
