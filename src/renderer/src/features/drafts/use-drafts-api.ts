// The drafts' traffic with main: the list and one draft in full (kept current by the shell's bridge
// sync on drafts.changed), the outbox count, and every draft mutation. The editor's writes (a change
// put or removed, a submission) run in its draft store's queue with the revision the write before
// left, so they are given here as writes for that queue rather than as mutations of their own.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelArgs } from '../../../../shared/ipc';
import type { Result } from '../../../../shared/app-error';
import type { DraftChangeInput, DraftDetail } from '../../../../shared/drafts';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { MAX_PAGE_SIZE } from '../../../../shared/service';
import type { ServiceRecord } from '../../../../shared/service';
import { useConnectivity } from '../connections/use-connections-api';
import { vacantByLeases } from './from-here/unit-vacancy';

export function useDraftList() {
  return useQuery({
    queryKey: queryKeys.drafts.list,
    queryFn: () => unwrap(window.propdesk.drafts.list()),
    staleTime: 0,
  });
}

/** More leases than this many pages on one unit is not a unit's history: its vacancy is left open. */
const MAX_LEASE_PAGES = 10;

/** A unit's leases through the list channel (the offline copy when complete, else the service); null: too many. */
async function leasesOfUnit(unitId: string): Promise<ServiceRecord[] | null> {
  const leases: ServiceRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LEASE_PAGES; page += 1) {
    const answer = await unwrap(
      window.propdesk.collections.list({
        collection: 'leases',
        filters: { unit_id: unitId },
        limit: MAX_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      }),
    );
    // A service answering with other units' leases too: only this unit's count.
    leases.push(...answer.data.filter((l) => l.unit_id === unitId));
    if (!answer.hasMore || !answer.nextCursor) return leases;
    cursor = answer.nextCursor;
  }
  return null;
}

/** Whether a unit has no running lease (where "New tenancy" is offered); undefined while read or unknown. */
export function useUnitVacant(unitId: string): boolean | undefined {
  const query = useQuery({
    // Under the unit's page reads, so whatever refreshes that page refreshes this too.
    queryKey: [...queryKeys.related('units', unitId), 'vacant'],
    queryFn: async () => {
      const leases = await leasesOfUnit(unitId);
      return leases === null ? null : vacantByLeases(leases, new Date().toISOString().slice(0, 10));
    },
    staleTime: 60_000,
  });
  return query.data ?? undefined;
}

/** One draft in full, as main holds it; the editor's draft store follows this same read. */
export function draftQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.drafts.detail(id),
    queryFn: () => unwrap(window.propdesk.drafts.get({ id })),
    staleTime: 0,
  });
}

export function useDraft(id: string) {
  return useQuery(draftQuery(id));
}

export function useOnline(): boolean | undefined {
  return useConnectivity().data?.online;
}

/** Submissions waiting to be sent or for their outcome, and how many of them main holds. */
export function useOutbox() {
  return useQuery({
    queryKey: queryKeys.outbox,
    queryFn: async () => {
      const { drafts } = await unwrap(window.propdesk.drafts.list());
      const open = drafts.filter((d) => d.state === 'submitting');
      return { waiting: open.length, held: open.filter((d) => d.submission?.held).length };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Adopts main's answer for one draft and has the list read again. */
function useAdoptDraft() {
  const client = useQueryClient();
  return (detail: DraftDetail) => {
    client.setQueryData(queryKeys.drafts.detail(detail.id), detail);
    void client.invalidateQueries({ queryKey: queryKeys.drafts.list });
  };
}

/** A new draft, with its first changes in the same call (all of them or no draft at all). */
export function useCreateDraft() {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: (args: ChannelArgs<'drafts.create'>) => unwrap(window.propdesk.drafts.create(args)),
    onSuccess: adopt,
  });
}

export function useRenameDraft() {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: (args: { id: string; label: string }) => unwrap(window.propdesk.drafts.rename(args)),
    onSuccess: adopt,
  });
}

export function useRemoveDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(window.propdesk.drafts.remove({ id })),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.drafts.list }),
  });
}

/** One change added to (or replacing one in) a draft, outside the editor's write queue. */
export function usePutChange() {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: (args: { draftId: string; change: DraftChangeInput }) =>
      unwrap(window.propdesk.drafts.putChange(args)),
    onSuccess: adopt,
  });
}

/**
 * A field handed to the record another change of the draft creates (a new tenancy's lease tenant), or
 * taken back to be chosen from existing records (sourceChangeId null).
 */
export function useLinkField() {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: (args: ChannelArgs<'drafts.link'>) => unwrap(window.propdesk.drafts.link(args)),
    onSuccess: adopt,
  });
}

/** The landlord says which record an approved earlier part created; the waiting field is filled in. */
export function useChooseCreated() {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: (args: ChannelArgs<'drafts.chooseCreated'>) =>
      unwrap(window.propdesk.drafts.chooseCreated(args)),
    onSuccess: adopt,
  });
}

/** The records imported updates name, read again by main in one call (a few at a time there). */
export function useReadCurrent() {
  return useMutation({
    mutationFn: (args: ChannelArgs<'drafts.readCurrent'>) => unwrap(window.propdesk.drafts.readCurrent(args)),
  });
}

/** Many changes in one transaction (CSV import): all of them or none. */
export function useAddChanges(draftId: string) {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: (changes: DraftChangeInput[]) =>
      unwrap(window.propdesk.drafts.addChanges({ draftId, changes })),
    onSuccess: adopt,
  });
}

/** Main's check before sending; `flush` first writes edits still waiting, so it sees what the user sees. */
export function usePreflight(draftId: string, flush: () => Promise<boolean>) {
  return useMutation({
    mutationFn: async () => {
      await flush();
      return unwrap(window.propdesk.drafts.preflight({ id: draftId }));
    },
  });
}

/** Hands the draft to the outbox, in the editor's write queue after anything still being saved. */
export function useSubmitDraft(
  draftId: string,
  run: (write: DraftWrite) => Promise<Result<DraftDetail>>,
  onSubmitted: () => void,
) {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: (revision: number) => unwrap(run(draftWrites.submit(draftId, revision))),
    onSuccess: (detail) => {
      adopt(detail);
      onSubmitted();
    },
  });
}

export function useCancelSubmission(draftId: string) {
  const adopt = useAdoptDraft();
  return useMutation({
    mutationFn: () => unwrap(window.propdesk.drafts.cancelSubmission({ id: draftId })),
    onSuccess: adopt,
  });
}

/** Main asks in its own message box; the page only learns where the submission stands afterwards. */
export function useReleaseHeld(draftId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(window.propdesk.drafts.releaseHeld({ id: draftId })),
    onSuccess: (detail) => client.setQueryData(queryKeys.drafts.detail(draftId), detail),
  });
}

/** A write of the draft given the revision it must apply to (undefined: main's latest). */
export type DraftWrite = (revision: number | undefined) => Promise<Result<DraftDetail>>;

/** The editor's writes, for its draft store's queue. */
export const draftWrites = {
  putChange:
    (draftId: string, change: DraftChangeInput & { id: string }): DraftWrite =>
    (revision) =>
      window.propdesk.drafts.putChange({ draftId, change, ...(revision !== undefined ? { revision } : {}) }),
  removeChange:
    (draftId: string, changeId: string): DraftWrite =>
    () =>
      window.propdesk.drafts.removeChange({ draftId, changeId }),
  /** A field handed to the record an earlier change of the draft creates (or taken back, source null). */
  link:
    (draftId: string, at: { changeId: string; field: string; sourceChangeId: string | null }): DraftWrite =>
    (revision) =>
      window.propdesk.drafts.link({ draftId, ...at, ...(revision !== undefined ? { revision } : {}) }),
  /** The revision the user reviewed, not the latest: an edit since the check must be checked too. */
  submit:
    (id: string, revision: number): DraftWrite =>
    () =>
      window.propdesk.drafts.submit({ id, revision }),
};
