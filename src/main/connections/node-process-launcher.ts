// ProcessLauncher over node:child_process, used under plain Node (tests, benchmarks, the e2e harness).
import { spawn } from 'node:child_process';
import { firstLineOf } from './process-launcher';
import type { LaunchedProcess, ProcessLauncher } from './process-launcher';

export function nodeProcessLauncher(command: string, baseArgs: string[]): ProcessLauncher {
  return {
    launch({ args, env }): LaunchedProcess {
      const child = spawn(command, [...baseArgs, ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.stderr.on('data', () => undefined);
      return {
        firstLine: firstLineOf(
          (l) => child.stdout.on('data', l),
          (l) => child.once('exit', l),
        ),
        exited,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
          await exited;
          clearTimeout(timer);
        },
      };
    },
  };
}
