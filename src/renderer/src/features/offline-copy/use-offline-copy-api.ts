// The offline copy's traffic with main: its update status and the actions on it. Events keep the
// status current (see the shell's bridge sync); an action's answer is the new status at once. Also
// how often the copy updates itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreshnessChoice, OfflineCopyStatus } from '../../../../shared/portfolio';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';

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

/** How often the copy lists each collection again by itself, and the choice of it. */
export function useCopySchedule() {
  const client = useQueryClient();
  const schedule = useQuery({
    queryKey: queryKeys.offlineCopySchedule,
    queryFn: () => unwrap(window.propdesk.offlineCopy.schedule()),
    staleTime: Infinity,
  });
  const choose = useMutation({
    mutationFn: (choice: FreshnessChoice) => unwrap(window.propdesk.offlineCopy.setSchedule({ choice })),
    onSuccess: (answer) => client.setQueryData(queryKeys.offlineCopySchedule, answer),
  });
  return { schedule, choose };
}
