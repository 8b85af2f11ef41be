// The portfolio's traffic with main: the offline copy's update status and its actions, the overview's
// figures, each view's table, its CSV export and Save as PDF. Events keep the update status current
// (see the shell's bridge sync); an update action's answer is the new status at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioPdfView, OfflineCopyStatus, UpdateInterval } from '../../../../shared/portfolio';
import type { ChannelArgs } from '../../../../shared/ipc';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { whilePrinting } from '../../lib/print-mode';

export function useOfflineCopyStatus() {
  return useQuery({
    queryKey: queryKeys.offlineCopyStatus,
    queryFn: () => unwrap(window.propdesk.offlineCopy.status()),
    staleTime: Infinity,
  });
}

/** Start, cancel, keep-or-not and forget: each answers with the new status, which changes the views. */
export function useOfflineCopyActions() {
  const client = useQueryClient();
  const save = (s: OfflineCopyStatus) => {
    client.setQueryData(queryKeys.offlineCopyStatus, s);
    void client.invalidateQueries({ queryKey: queryKeys.portfolio.all });
  };
  return {
    start: useMutation({ mutationFn: () => unwrap(window.propdesk.offlineCopy.start()), onSuccess: save }),
    cancel: useMutation({ mutationFn: () => unwrap(window.propdesk.offlineCopy.cancel()), onSuccess: save }),
    keep: useMutation({
      mutationFn: (value: boolean) => unwrap(window.propdesk.offlineCopy.setKeepCopy({ keep: value })),
      onSuccess: save,
    }),
    forget: useMutation({ mutationFn: () => unwrap(window.propdesk.offlineCopy.forget()), onSuccess: save }),
  };
}

/** How often the copy updates itself (hours; 0: only when asked), and the choice of it. */
export function useCopySchedule() {
  const client = useQueryClient();
  const schedule = useQuery({
    queryKey: queryKeys.offlineCopySchedule,
    queryFn: () => unwrap(window.propdesk.offlineCopy.schedule()),
    staleTime: Infinity,
  });
  const choose = useMutation({
    mutationFn: (everyHours: UpdateInterval) =>
      unwrap(window.propdesk.offlineCopy.setSchedule({ everyHours })),
    onSuccess: (answer) => client.setQueryData(queryKeys.offlineCopySchedule, answer),
  });
  return { schedule, choose };
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
