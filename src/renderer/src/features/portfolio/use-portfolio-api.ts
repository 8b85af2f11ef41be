// The portfolio's traffic with main: the offline copy's sync status and its actions, the overview's
// figures, each view's table, its CSV export and Save as PDF. Events keep the sync status current
// (see the shell's bridge sync); a sync action's answer is the new status at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioPdfView, SyncStatus } from '../../../../shared/portfolio';
import type { ChannelArgs } from '../../../../shared/ipc';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { whilePrinting } from '../../lib/print-mode';

export function useSyncStatus() {
  return useQuery({
    queryKey: queryKeys.syncStatus,
    queryFn: () => unwrap(window.propdesk.sync.status()),
    staleTime: Infinity,
  });
}

/** Start, cancel, keep-or-not and forget: each answers with the new status, which changes the views. */
export function useSyncActions() {
  const client = useQueryClient();
  const save = (s: SyncStatus) => {
    client.setQueryData(queryKeys.syncStatus, s);
    void client.invalidateQueries({ queryKey: queryKeys.portfolio.all });
  };
  return {
    start: useMutation({ mutationFn: () => unwrap(window.propdesk.sync.start()), onSuccess: save }),
    cancel: useMutation({ mutationFn: () => unwrap(window.propdesk.sync.cancel()), onSuccess: save }),
    keep: useMutation({
      mutationFn: (value: boolean) => unwrap(window.propdesk.sync.setKeepCopy({ keep: value })),
      onSuccess: save,
    }),
    forget: useMutation({ mutationFn: () => unwrap(window.propdesk.sync.forget()), onSuccess: save }),
  };
}

export function usePortfolioOverview() {
  return useQuery({
    queryKey: queryKeys.portfolio.overview,
    queryFn: () => unwrap(window.propdesk.portfolio.overview({})),
    staleTime: 60_000,
  });
}

type ViewArgs = ChannelArgs<'portfolio.view'>;

export function usePortfolioTable(args: ViewArgs) {
  return useQuery({
    queryKey: queryKeys.portfolio.view(args.view, args.focus ?? null),
    queryFn: () => unwrap(window.propdesk.portfolio.view(args)),
    staleTime: 60_000,
  });
}

export function usePortfolioExport(args: ViewArgs) {
  return useMutation({ mutationFn: () => unwrap(window.propdesk.portfolio.export(args)) });
}

/** Save as PDF, in print mode for the whole save: a table then prints every row, not only those drawn. */
export function useSavePdf(view: PortfolioPdfView) {
  return useMutation({
    mutationFn: () => whilePrinting(() => unwrap(window.propdesk.portfolio.savePdf({ view }))),
  });
}

export { oldestAsOf } from './copy-words';

/** Today's figures, from the offline copy and the tracked suggestions. */
export function useToday() {
  return useQuery({
    queryKey: queryKeys.portfolio.today,
    queryFn: () => unwrap(window.propdesk.portfolio.today({})),
    staleTime: 60_000,
  });
}
