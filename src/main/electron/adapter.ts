// The one small adapter over Electron's services that plain main-process code needs: the network
// stack (so proxies and OS certificates behave as in the user's browser), processes, the shell,
// notifications and paths. Everything else in main takes these by injection.
import { app, net, Notification, shell, utilityProcess } from 'electron';
import { firstLineOf } from '../connections/process-launcher';
import type { ProcessLauncher } from '../connections/process-launcher';
import type { ReviewLinkDecision } from '../review/review-link';

export const electronFetch: typeof fetch = (input, init) => net.fetch(input as string, init);

export function userDataDir(): string {
  return app.getPath('userData');
}

/** Opens a review page in the user's browser. Only a URL that decideReviewLink approved can reach it. */
export function openApprovedLink(decision: Extract<ReviewLinkDecision, { kind: 'open' }>): Promise<void> {
  return shell.openExternal(decision.url); // eng-disable OPEN_EXTERNAL_JS_CHECK -- decideReviewLink approved it: http(s), trusted origin, no credentials
}

export function notify(title: string, body: string): void {
  if (Notification.isSupported()) new Notification({ title, body, silent: false }).show();
}

export function setBadge(count: number): void {
  // Supported on macOS and some Linux desktops; elsewhere Electron ignores it.
  app.setBadgeCount(count);
}

/** Runs a bundled script (the demo sandbox) in Electron's utility process, off main's event loop. */
export function utilityLauncher(modulePath: string): ProcessLauncher {
  return {
    launch({ args, env }) {
      const child = utilityProcess.fork(modulePath, args, {
        env: { ...process.env, ...env },
        stdio: 'pipe',
        serviceName: 'PropDesk demo service',
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return {
        firstLine: firstLineOf(
          (l) => child.stdout?.on('data', l),
          (l) => child.once('exit', l),
        ),
        exited,
        async stop() {
          if (child.pid === undefined) return;
          child.kill();
          await exited;
        },
      };
    },
  };
}
