// The demo organisation's service: the sandbox started as a separate process on a loopback port,
// with a key generated for this run and its state kept in the user data folder. Main reaches it over
// HTTP only, exactly like a real service.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isLoopbackHostname } from '../../shared/service-address';
import type { LaunchedProcess, ProcessLauncher } from './process-launcher';

/** The built-in demo organisation's connection: always there, never moved or removed. */
export const DEMO_CONNECTION_ID = 'demo';

const readySchema = z.object({
  baseUrl: z.string().url(),
  keys: z.array(z.object({ name: z.string(), key: z.string(), scopes: z.array(z.string()) })),
});

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function generateDemoKey(): string {
  const bytes = randomBytes(40);
  return `pdk_${Array.from(bytes, (b) => BASE62[b % 62]).join('')}`;
}

export interface DemoEndpoint {
  baseUrl: string;
  apiKey: string;
}

export class DemoSandbox {
  private running: Promise<{ endpoint: DemoEndpoint; process: LaunchedProcess }> | undefined;
  /** The process started last; an older one exiting must not clear a newer one's state. */
  private current: LaunchedProcess | undefined;

  constructor(
    private readonly launcher: ProcessLauncher,
    private readonly stateFile: string,
    private readonly onSecret: (secret: string) => void = () => undefined,
    // Long enough for a busy computer to start it (25 s was seen with other work running), short
    // enough that a demo service that hangs is reported instead of leaving Today loading.
    private readonly startTimeoutMs = 60_000,
    /** Options of this start beyond the fixed ones (how long its suggestions wait before they expire). */
    private readonly extraArgs: () => string[] = () => [],
  ) {}

  /** Starts the sandbox once; later calls reuse it, and a crashed one is started again. */
  endpoint(): Promise<DemoEndpoint> {
    this.running ??= this.start();
    return this.running.then((r) => r.endpoint);
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running)
      await running.then(
        (r) => r.process.stop(),
        () => undefined,
      );
  }

  private async start(): Promise<{ endpoint: DemoEndpoint; process: LaunchedProcess }> {
    const apiKey = generateDemoKey();
    this.onSecret(apiKey);
    const process = this.launcher.launch({
      args: [
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--json',
        '--state-file',
        this.stateFile,
        ...this.extraArgs(),
      ],
      env: { PROPDESK_SANDBOX_KEY: apiKey },
    });
    void process.exited.then(() => {
      if (this.running && this.current === process) this.running = undefined;
    });
    this.current = process;
    try {
      const line = await withTimeout(process.firstLine, this.startTimeoutMs);
      const ready = readySchema.parse(JSON.parse(line));
      const url = new URL(ready.baseUrl);
      if (!isLoopbackHostname(url.hostname))
        throw new Error('The demo service must listen on this computer only');
      return { endpoint: { baseUrl: ready.baseUrl.replace(/\/$/, ''), apiKey }, process };
    } catch (error) {
      this.running = undefined;
      await process.stop();
      throw new Error(
        `The demo organisation could not start: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
