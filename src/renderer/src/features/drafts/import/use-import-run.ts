// Runs a CSV import once the user confirms: reads again the records the updates name (in one call
// to main), leaves out rows that match their record already, stops on rows naming a record the service
// doesn't have, and adds the rest to the draft in one transaction. Nothing is added unless all is.
import { useRef, useState } from 'react';
import type { DraftChangeInput } from '../../../../../shared/drafts';
import { plural } from '../../../../../shared/plural';
import { MAX_CHANGES_PER_BATCH } from '../../../../../shared/service';
import type { Operation, ResourceType } from '../../../../../shared/service';
import { asUiError, errorMessage } from '../../../lib/call';
import type { ImportedChange, RowProblem } from './import-rows';
import { updateTargets, withCurrentRecords } from './import-snapshot';
import type { CurrentRecords } from './import-snapshot';
import { useAddChanges, useReadCurrent } from '../use-drafts-api';

export type ImportPhase =
  | { kind: 'editing' }
  | { kind: 'reading'; total: number }
  | { kind: 'adding' }
  | { kind: 'done'; added: number; unchanged: number; unread: number };

type ValidRows = ReadonlyArray<{ rowNumber: number; change: ImportedChange }>;

export function useImportRun(draftId: string) {
  const adding = useAddChanges(draftId);
  const reading = useReadCurrent();
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'editing' });
  const [failure, setFailure] = useState<string | null>(null);
  const [lateProblems, setLateProblems] = useState<RowProblem[]>([]);
  const cancelled = useRef(false);

  const reset = () => {
    setFailure(null);
    setLateProblems([]);
    setPhase({ kind: 'editing' });
  };

  /** `inDraft`: the changes the draft holds already, for the message when the batch would be too big. */
  async function run(rows: ValidRows, operation: Operation, type: ResourceType, inDraft: number) {
    setFailure(null);
    setLateProblems([]);
    cancelled.current = false;
    const out: DraftChangeInput[] = [];
    let unchanged = 0;
    let unread = 0;
    if (operation === 'update') {
      setPhase({ kind: 'reading', total: rows.length });
      let read: CurrentRecords;
      try {
        const { records } = await reading.mutateAsync({ resourceType: type, ids: updateTargets(rows) });
        read = withCurrentRecords(rows, type, records);
      } catch (error) {
        if (!cancelled.current) setFailure(`Nothing was added: ${errorMessage(error)}`);
        setPhase({ kind: 'editing' });
        return;
      }
      if (cancelled.current) {
        setPhase({ kind: 'editing' });
        return;
      }
      const { missing } = read;
      out.push(...read.changes);
      unchanged = read.unchanged;
      unread = read.unread;
      if (missing.length > 0) {
        setLateProblems(missing);
        setFailure(
          `Nothing was added: ${plural(missing.length, 'row names a record', 'rows name records')} the service doesn’t have. Fix or remove ${missing.length === 1 ? 'it' : 'them'} and pick the file again.`,
        );
        setPhase({ kind: 'editing' });
        return;
      }
    } else {
      out.push(...rows.map((r) => r.change));
    }
    if (out.length === 0) {
      setFailure('Nothing was added: every row already matches the record it names.');
      setPhase({ kind: 'editing' });
      return;
    }
    setPhase({ kind: 'adding' });
    try {
      await adding.mutateAsync(out);
    } catch (thrown) {
      const error = asUiError(thrown);
      setFailure(
        error.code === 'too_many_changes'
          ? `Nothing was added: a draft holds at most ${MAX_CHANGES_PER_BATCH} changes, and this one would have ${inDraft + out.length}. Import fewer rows, or import into another draft.`
          : `Nothing was added: ${error.message}`,
      );
      setPhase({ kind: 'editing' });
      return;
    }
    setPhase({ kind: 'done', added: out.length, unchanged, unread });
  }

  return { phase, failure, lateProblems, run, stop: () => (cancelled.current = true), reset };
}
