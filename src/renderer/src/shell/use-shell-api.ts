// The shell's traffic with main: what the app is (and its start-up notices), the menu's commands, and
// crash reports from a screen's error boundary.
import { useQuery } from '@tanstack/react-query';
import type { CrashReport } from '../../../shared/crash-report';
import type { MenuCommand } from '../../../shared/ipc';
import { unwrap } from '../lib/call';
import { queryKeys } from '../lib/query-keys';
import { useBridgeEvent } from '../lib/use-bridge-event';

export function useAppInfo() {
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: () => unwrap(window.propdesk.app.info()),
    staleTime: Infinity,
  });
}

/** A command chosen in the app's menu (main owns the menu), for as long as the caller is mounted. */
export function useMenuCommand(listener: (command: MenuCommand) => void): void {
  useBridgeEvent(window.propdesk, 'app.command', ({ command }) => listener(command));
}

/** For a class component's componentDidCatch, where no hook can run; main writes it to its log. */
export function reportCrash(report: CrashReport): void {
  void window.propdesk.app.reportCrash(report);
}
