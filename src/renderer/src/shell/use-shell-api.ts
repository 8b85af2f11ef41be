// The shell's traffic with main: what the app is (and its start-up notices), and crash reports from a
// screen's error boundary.
import { useQuery } from '@tanstack/react-query';
import type { CrashReport } from '../../../shared/crash-report';
import { unwrap } from '../lib/call';
import { queryKeys } from '../lib/query-keys';

export function useAppInfo() {
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: () => unwrap(window.propdesk.app.info()),
    staleTime: Infinity,
  });
}

/** For a class component's componentDidCatch, where no hook can run; main writes it to its log. */
export function reportCrash(report: CrashReport): void {
  void window.propdesk.app.reportCrash(report);
}
