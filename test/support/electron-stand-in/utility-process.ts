// Electron's utilityProcess: a Node child process running the given module (the built demo service).
// Its start, first lines of output and exit are told to the test host, so a test can reach the demo
// service itself and check that quitting the app really ended it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { tellHost } from './link';

export type UtilityEventName = 'spawn' | 'exit' | 'error';

type UtilitySurface = Pick<Electron.UtilityProcess, 'pid' | 'kill'>;

export class StandInUtilityProcess extends EventEmitter implements UtilitySurface {
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  private readonly child: ChildProcess;

  constructor(modulePath: string, args: string[], options: Electron.ForkOptions) {
    super();
    const env = Object.fromEntries(
      Object.entries(options.env ?? process.env).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
    const piped = options.stdio === 'pipe';
    this.child = spawn(process.execPath, [modulePath, ...args], {
      env,
      stdio: ['ignore', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
    });
    this.stdout = this.child.stdout;
    this.stderr = this.child.stderr;
    const pid = this.child.pid;
    if (pid !== undefined) {
      tellHost({ kind: 'utility.forked', pid, modulePath, args, env: pickEnv(env) });
      this.watchFirstLine(pid);
    }
    this.child.once('spawn', () => this.emit('spawn'));
    this.child.once('error', (error) => this.emit('error', 'FatalError', error.message, ''));
    this.child.once('exit', (code) => {
      if (pid !== undefined) tellHost({ kind: 'utility.exited', pid, code });
      this.emit('exit', code ?? 0);
    });
  }

  get pid(): number | undefined {
    return this.child.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  override on(event: UtilityEventName, listener: (...args: any[]) => void): this {
    return super.on(event, listener);
  }

  override once(event: UtilityEventName, listener: (...args: any[]) => void): this {
    return super.once(event, listener);
  }

  kill(): boolean {
    return this.child.kill();
  }

  /** Reads the first line without taking it from the app: every 'data' listener sees every chunk. */
  private watchFirstLine(pid: number): void {
    if (!this.stdout) return;
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end < 0) return;
      this.stdout?.off('data', onData);
      tellHost({ kind: 'utility.line', pid, line: text.slice(0, end) });
    };
    this.stdout.on('data', onData);
  }
}

/** Only what a test needs of the child's environment: the variables PropDesk itself sets. */
function pickEnv(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('PROPDESK_')));
}

export const utilityProcess = {
  fork(modulePath: string, args: string[] = [], options: Electron.ForkOptions = {}): StandInUtilityProcess {
    return new StandInUtilityProcess(modulePath, args, options);
  },
};
