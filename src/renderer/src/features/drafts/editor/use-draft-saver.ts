// Saves a draft's edits in main as the user types, and runs every other write of the editor (add,
// remove, submit) in the same queue: one revision sequence for all of them. Each change's latest
// version is written ~300 ms after the last keystroke; an action first sends whatever is still
// waiting for its delay, then runs with the revision main gave the write before it. A write over
// someone else's edit is still refused (draft_changed) and the editor reloads.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Result } from '../../../../../shared/app-error';
import type { DraftChangeInput, DraftDetail } from '../../../../../shared/drafts';
import { queryKeys } from '../../../lib/query-keys';
import { draftWrites } from '../use-drafts-api';
import type { DraftWrite } from '../use-drafts-api';

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
  /** Sends what is scheduled, then runs `write` in turn with the latest revision and adopts its answer. */
  run(write: DraftWrite): Promise<Result<DraftDetail>>;
  /** Drops a change's edit still waiting for its delay (the change is being removed). */
  cancel(changeId: string): void;
  /** True while this change has an edit not yet confirmed by main. */
  busy(changeId: string): boolean;
  dismissProblem(): void;
}

const FROZEN = 'This draft is being submitted, so it can’t be edited until the outcome is known.';
const CHANGED =
  'This draft was changed elsewhere (another window, an import or the outbox), so it was reloaded. Your last edit was not kept: please make it again.';

const RELOADED = { code: 'draft_changed', message: CHANGED };

interface Pending {
  change: DraftChangeInput & { id: string };
  timer: number;
}

export function useDraftSaver(draftId: string, detail: DraftDetail | undefined): DraftSaver {
  const client = useQueryClient();
  const revision = useRef<number | undefined>(undefined);
  const timers = useRef(new Map<string, Pending>());
  /** Writes queued or running, by change id ('' for actions that are not an edit of one change). */
  const inFlight = useRef(new Map<string, number>());
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  /** Bumped by a reload: writes queued before it were made against a copy that is gone. */
  const generation = useRef(0);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [epoch, setEpoch] = useState(0);

  // Main's copy is adopted only when nothing of ours is waiting or on its way; otherwise a newer
  // revision would let an edit made before someone else's silently overwrite it.
  useEffect(() => {
    if (detail && timers.current.size === 0 && inFlight.current.size === 0)
      revision.current = detail.revision;
  }, [detail]);

  const count = (key: string, by: 1 | -1) => {
    const left = (inFlight.current.get(key) ?? 0) + by;
    if (left > 0) inFlight.current.set(key, left);
    else inFlight.current.delete(key);
  };

  /** Appends one write to the queue; every write sees the revision the one before it produced. */
  const enqueue = useCallback(
    (key: string, write: DraftWrite): Promise<Result<DraftDetail>> => {
      count(key, 1);
      const queuedIn = generation.current;
      const done = chain.current.then(async (): Promise<Result<DraftDetail>> => {
        try {
          if (queuedIn !== generation.current) return { ok: false, error: RELOADED };
          const result = await write(revision.current);
          if (result.ok) {
            revision.current = result.data.revision;
            client.setQueryData(queryKeys.drafts.detail(draftId), result.data);
          } else if (result.error.code === 'draft_changed') {
            for (const t of timers.current.values()) window.clearTimeout(t.timer);
            timers.current.clear();
            generation.current += 1;
            revision.current = undefined;
            await client.invalidateQueries({ queryKey: queryKeys.drafts.detail(draftId) });
            setEpoch((e) => e + 1);
          } else if (result.error.code === 'draft_frozen') {
            await client.invalidateQueries({ queryKey: queryKeys.drafts.detail(draftId) });
          }
          return result;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return { ok: false, error: { code: 'bridge_failed', message } };
        } finally {
          count(key, -1);
        }
      });
      chain.current = done;
      return done;
    },
    [client, draftId],
  );

  const save = useCallback(
    async (change: DraftChangeInput & { id: string }): Promise<boolean> => {
      setStatus('saving');
      const result = await enqueue(change.id, draftWrites.putChange(draftId, change));
      if (result.ok) {
        setStatus('saved');
        return true;
      }
      setStatus('error');
      const { code, message } = result.error;
      setProblem(
        code === 'draft_changed'
          ? CHANGED
          : code === 'draft_frozen'
            ? FROZEN
            : `This edit was not saved: ${message}`,
      );
      return false;
    },
    [enqueue, draftId],
  );

  const schedule = useCallback(
    (change: DraftChangeInput & { id: string }) => {
      const pending = timers.current.get(change.id);
      if (pending) window.clearTimeout(pending.timer);
      const timer = window.setTimeout(() => {
        timers.current.delete(change.id);
        void save(change);
      }, SAVE_DELAY_MS);
      timers.current.set(change.id, { change, timer });
      setStatus('saving');
    },
    [save],
  );

  /** Queues every edit still waiting for its delay, in the order they were typed. */
  const sendScheduled = useCallback((): Array<Promise<boolean>> => {
    const pending = [...timers.current.values()];
    timers.current.clear();
    return pending.map((p) => {
      window.clearTimeout(p.timer);
      return save(p.change);
    });
  }, [save]);

  const flush = useCallback(async () => {
    const saved = await Promise.all(sendScheduled());
    await chain.current;
    return saved.every(Boolean);
  }, [sendScheduled]);

  const run = useCallback(
    (write: DraftWrite) => {
      void sendScheduled();
      return enqueue('', write);
    },
    [sendScheduled, enqueue],
  );

  // Leaving the screen never drops an edit: whatever is scheduled is written at once.
  useEffect(() => () => void flush(), [flush]);

  return useMemo(
    () => ({
      status,
      problem,
      epoch,
      schedule,
      flush,
      run,
      cancel: (changeId: string) => {
        const pending = timers.current.get(changeId);
        if (pending) window.clearTimeout(pending.timer);
        timers.current.delete(changeId);
      },
      busy: (changeId: string) => timers.current.has(changeId) || inFlight.current.has(changeId),
      dismissProblem: () => setProblem(null),
    }),
    [status, problem, epoch, schedule, flush, run],
  );
}
