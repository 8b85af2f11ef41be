// Today's traffic with main: its figures, read again when the offline copy or the tracked
// suggestions change (see the shell's bridge sync).
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';

/** Today's figures, from the offline copy and the tracked suggestions. */
export function useToday() {
  return useQuery({
    queryKey: queryKeys.portfolio.today,
    queryFn: () => unwrap(window.propdesk.portfolio.today({})),
    staleTime: 60_000,
  });
}
