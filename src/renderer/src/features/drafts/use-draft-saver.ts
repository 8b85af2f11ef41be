// Saves a draft's edits in main as the user types: each change's latest version is written ~300 ms
// after the last keystroke, writes go one at a time in order, and each carries the revision last
// seen so a write over someone else's edit is refused (draft_changed) and the editor reloads.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftChangeInput, DraftDetail } from '../../../../shared/drafts';
import { draftKey } from './use-drafts';

export const SAVE_DELAY_MS = 300;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface DraftSaver {
  status: SaveStatus;
  problem: string | null;
  /** Bumped when the editor must drop its local form state and start again from main's copy. */
  epoch: number;
  schedule(change: DraftChangeInput & { id: string }): void;
  /** Writes everything scheduled now; resolves when main has it (or refused it). */
  flush(): Promise<boolean>;
  /** Drops a change's edit still waiting for its delay (the change is being removed). */
  cancel(changeId: string): void;
  /** True while this change has an edit not yet confirmed by main. */
  busy(changeId: string): boolean;
  dismissProblem(): void;
}

const FROZEN = 'This draft is being submitted, so it can’t be edited until the outcome is known.';
const CHANGED =
  'This draft was changed elsewhere (another window, an import or the outbox), so it was reloaded. Your last edit was not kept: please make it again.';

export function useDraftSaver(draftId: string, detail: DraftDetail | undefined): DraftSaver {
  const client = useQueryClient();
  const revision = useRef<number | undefined>(undefined);
  const timers = useRef(new Map<string, { change: DraftChangeInput & { id: string }; timer: number }>());
  const inFlight = useRef(new Map<string, number>());
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [epoch, setEpoch] = useState(0);

  // Main's copy is adopted only when no edit of ours is outstanding; otherwise a newer revision
  // would let an edit made before someone else's silently overwrite it.
  useEffect(() => {
    if (detail && timers.current.size === 0 && inFlight.current.size === 0)
      revision.current = detail.revision;
  }, [detail]);

  const write = useCallback(
    (change: DraftChangeInput & { id: string }) => {
      inFlight.current.set(change.id, (inFlight.current.get(change.id) ?? 0) + 1);
      const done = () => {
        const left = (inFlight.current.get(change.id) ?? 1) - 1;
        if (left > 0) inFlight.current.set(change.id, left);
        else inFlight.current.delete(change.id);
      };
      chain.current = chain.current.then(async () => {
        setStatus('saving');
        try {
          const result = await window.propdesk.drafts.putChange({
            draftId,
            change,
            ...(revision.current !== undefined ? { revision: revision.current } : {}),
          });
          if (result.ok) {
            revision.current = result.data.revision;
            client.setQueryData(draftKey(draftId), result.data);
            setStatus('saved');
            return true;
          }
          setStatus('error');
          if (result.error.code === 'draft_changed') {
            for (const t of timers.current.values()) window.clearTimeout(t.timer);
            timers.current.clear();
            revision.current = undefined;
            setProblem(CHANGED);
            await client.invalidateQueries({ queryKey: draftKey(draftId) });
            setEpoch((e) => e + 1);
          } else if (result.error.code === 'draft_frozen') {
            setProblem(FROZEN);
            await client.invalidateQueries({ queryKey: draftKey(draftId) });
          } else {
            setProblem(`This edit was not saved: ${result.error.message}`);
          }
          return false;
        } catch (error) {
          setStatus('error');
          setProblem(`This edit was not saved: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        } finally {
          done();
        }
      });
      return chain.current;
    },
    [client, draftId],
  );

  const schedule = useCallback(
    (change: DraftChangeInput & { id: string }) => {
      const pending = timers.current.get(change.id);
      if (pending) window.clearTimeout(pending.timer);
      const timer = window.setTimeout(() => {
        timers.current.delete(change.id);
        void write(change);
      }, SAVE_DELAY_MS);
      timers.current.set(change.id, { change, timer });
      setStatus('saving');
    },
    [write],
  );

  const flush = useCallback(async () => {
    const pending = [...timers.current.values()];
    timers.current.clear();
    for (const p of pending) {
      window.clearTimeout(p.timer);
      void write(p.change);
    }
    return chain.current;
  }, [write]);

  // Leaving the screen never drops an edit: whatever is scheduled is written at once.
  useEffect(() => () => void flush(), [flush]);

  return useMemo(
    () => ({
      status,
      problem,
      epoch,
      schedule,
      flush,
      cancel: (changeId: string) => {
        const pending = timers.current.get(changeId);
        if (pending) window.clearTimeout(pending.timer);
        timers.current.delete(changeId);
      },
      busy: (changeId: string) => timers.current.has(changeId) || inFlight.current.has(changeId),
      dismissProblem: () => setProblem(null),
    }),
    [status, problem, epoch, schedule, flush],
  );
}
