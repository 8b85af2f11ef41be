// The draft editor's hold on its draft store: one store per open draft, following main's copy while
// the editor is on screen and writing what still waits when it leaves; and reading the store's state
// a piece at a time, so a card re-renders when its own change moves and not for every keystroke.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { DraftStore } from './draft-store';
import type { DraftState } from './draft-store';

export function useDraftStore(draftId: string): DraftStore {
  const client = useQueryClient();
  // Making a store starts nothing (open does), so one made and not kept costs nothing.
  const store = useMemo(() => new DraftStore(client, draftId), [client, draftId]);
  useEffect(() => store.open(), [store]);
  return store;
}

export function useDraftState<T>(store: DraftStore, select: (state: DraftState) => T): T {
  return useStore(store.state, select);
}
