// Whether the sidebar shows only its icons: the user's choice, remembered in local storage; until they
// choose, it collapses by itself in a window narrower than NARROW_PX, leaving the room to the screen.
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const NARROW_PX = 1100;

interface SidebarState {
  /** null until the user chooses; then their choice holds at every window size. */
  collapsed: boolean | null;
  choose(collapsed: boolean): void;
}

export const useSidebarChoice = create<SidebarState>()(
  persist((set) => ({ collapsed: null, choose: (collapsed) => set({ collapsed }) }), {
    name: 'propdesk.sidebar',
    version: 1,
  }),
);

const NARROW_QUERY = `(max-width: ${NARROW_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches);
}

export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const narrow = useNarrowWindow();
  const choice = useSidebarChoice((s) => s.collapsed);
  const choose = useSidebarChoice((s) => s.choose);
  return [choice ?? narrow, choose];
}
