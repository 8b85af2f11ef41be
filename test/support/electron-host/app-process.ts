// One run of the built app: out/main/index.js in a Node child process, with `electron` resolved to
// the stand-in. This side plays what Electron does outside the main process: it opens each window's
// page in Chromium (with the built preload), carries IPC between page and main with the calling
// frame, delivers main's events to the page, prints a window's page to PDF as Chromium does for
// Electron, and answers dialogs as the test scripted, recording every notification, opened link,
// badge and child process main asked for.
import type { Page } from '@playwright/test';
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type {
  AppRequest,
  Envelope,
  HostEvent,
  HostRequest,
  InspectReport,
  StandInConfig,
} from '../electron-stand-in/protocol';
import type { DialogScript } from './dialog-script';
import { pageWindow } from './page-window';
import { printToPdf } from './print-to-pdf';
import { REGISTER_HOOK, ROOT, standInMainModule } from './stand-in-build';

export const MAIN_BUNDLE = join(ROOT, 'out/main/index.js');
/** The longest a test waits for main to start the demo service before it says main did not. */
const DEMO_START_MS = 60_000;

export interface AppLaunch {
  /** Electron's userData folder for this run. */
  userData: string;
  /** The user's Documents folder, where save dialogs start. */
  documents: string;
  /** The page each window the app opens is shown in. */
  pageFor: (windowId: number) => Promise<Page>;
  dialogs: DialogScript;
  isPackaged?: boolean;
  /** Extra environment for the main process (undefined removes a variable). */
  env?: Record<string, string | undefined>;
}

export interface UtilityRecord {
  pid: number;
  modulePath: string;
  args: string[];
  env: Record<string, string>;
  firstLine: Promise<string>;
  exitCode: number | null | undefined;
}

export class AppProcess {
  readonly windows = new Map<number, { page: Page | undefined; options: unknown }>();
  readonly notifications: Array<{ title: string; body: string }> = [];
  readonly opened: string[] = [];
  /** Files the app had the operating system open or show in their folder, in order. */
  readonly files: Array<{ action: 'open' | 'show'; path: string }> = [];
  readonly badges: number[] = [];
  /** What Electron's error box said, in order. */
  readonly errorBoxes: Array<{ title: string; content: string }> = [];
  readonly utilities: UtilityRecord[] = [];
  menu: string[] = [];
  /** Resolves with the exit code when the main process has ended. */
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private readonly output: string[] = [];
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly deliveries: Array<Promise<unknown>> = [];
  private readonly lineWaiters = new Map<number, (line: string) => void>();
  private nextId = 1;
  private firstLoad!: { resolve: () => void; reject: (e: Error) => void };
  /** Resolves once the first window has loaded its page. */
  readonly loaded: Promise<void>;
  /** Resolves once main has started its first child process. */
  private readonly firstUtility: Promise<void>;
  private utilityStarted!: () => void;

  private constructor(
    private readonly launch: AppLaunch,
    standIn: string,
  ) {
    this.loaded = new Promise((resolve, reject) => (this.firstLoad = { resolve, reject }));
    this.loaded.catch(() => undefined);
    this.firstUtility = new Promise((resolve) => (this.utilityStarted = resolve));
    const config: StandInConfig = {
      name: 'PropDesk',
      version: '0.0.0-test',
      isPackaged: launch.isPackaged ?? false,
      paths: {
        userData: launch.userData,
        appData: join(launch.userData, '..'),
        documents: launch.documents,
        home: join(launch.documents, '..'),
        temp: join(launch.userData, '..'),
        logs: join(launch.userData, 'logs'),
      },
      displays: [{ x: 0, y: 0, width: 1920, height: 1080 }],
    };
    const env: Record<string, string | undefined> = {
      ...process.env,
      PROPDESK_STAND_IN: JSON.stringify(config),
      PROPDESK_STAND_IN_MODULE: standIn,
      ELECTRON_RENDERER_URL: undefined,
      PROPDESK_USER_DATA: undefined,
      NODE_ENV: 'production',
      // V8 coverage of the main process when the run asks for it (see scripts/main-coverage.mjs).
      NODE_V8_COVERAGE: process.env.PROPDESK_MAIN_COVERAGE,
      ...launch.env,
    };
    this.child = fork(MAIN_BUNDLE, [], {
      execArgv: ['--import', REGISTER_HOOK],
      env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        this.output.push(chunk.toString());
        if (this.output.length > 200) this.output.shift();
      });
    }
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code) => {
        const gone = new Error(`The app's main process ended (exit code ${code ?? 'none'}).\n${this.log()}`);
        for (const waiter of this.pending.values()) waiter.reject(gone);
        this.pending.clear();
        this.firstLoad.reject(gone);
        resolve(code);
      }),
    );
    this.child.on('message', (message: Envelope<HostRequest | HostEvent>) => void this.receive(message));
  }

  /** Starts the built main process; resolves once its first window has loaded. */
  static async start(launch: AppLaunch): Promise<AppProcess> {
    const app = await AppProcess.spawn(launch);
    await app.loaded;
    return app;
  }

  /** Starts the built main process without waiting for a window (a second instance opens none). */
  static async spawn(launch: AppLaunch): Promise<AppProcess> {
    return new AppProcess(launch, await standInMainModule());
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the main process is still running. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** What the main process printed, for a failure's message. */
  log(): string {
    return this.output.join('').slice(-8_000);
  }

  /** Calls main's IPC handler as the given window's top frame would (tests use the page instead). */
  invoke(windowId: number, channel: string, args: unknown[], frame: { url: string; isMainFrame: boolean }) {
    return this.ask({ kind: 'ipc.invoke', windowId, channel, args, frame });
  }

  inspect(): Promise<InspectReport> {
    return this.ask({ kind: 'inspect' }) as Promise<InspectReport>;
  }

  /** Takes the computer's network away (or gives it back), as Electron's net would see it. */
  async setOffline(offline: boolean): Promise<void> {
    await this.ask({ kind: 'net.offline', offline });
  }

  async clickMenu(...path: string[]): Promise<void> {
    await this.ask({ kind: 'menu.click', path });
  }

  async closeWindow(windowId: number): Promise<void> {
    await this.ask({ kind: 'window.close', windowId });
  }

  /** Quits as the user would (File › Quit) and waits for the process to end. */
  async quit(timeoutMs = 20_000): Promise<number | null> {
    await this.ask({ kind: 'app.quit' }).catch(() => undefined);
    return this.waitForExit(timeoutMs);
  }

  async waitForExit(timeoutMs = 20_000): Promise<number | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        reject(new Error(`The app did not end within ${timeoutMs} ms.\n${this.log()}`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
      await Promise.all(this.deliveries);
    }
  }

  /** The demo service main started: its address (from its first line) and the key main gave it. */
  async demoService(): Promise<{ baseUrl: string; apiKey: string; pid: number }> {
    // Started as main starts, which a busy machine makes slow: waited for, not polled for a while.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.firstUtility,
      this.exited,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, DEMO_START_MS))),
    ]).finally(() => clearTimeout(timer));
    // Main starts other processes of its own too (the salvage, the scrub): the demo is the sandbox's.
    const utility = this.utilities.filter((u) => /[\\/]sandbox\.js$/.test(u.modulePath)).at(-1);
    if (!utility) throw new Error('The app has not started the demo service');
    const ready = JSON.parse(await utility.firstLine) as { baseUrl: string };
    const apiKey = utility.env.PROPDESK_SANDBOX_KEY;
    if (!apiKey) throw new Error('The demo service was started without a key');
    return { baseUrl: ready.baseUrl.replace(/\/$/, ''), apiKey, pid: utility.pid };
  }

  private ask(body: AppRequest): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.child.connected) return reject(new Error('The app has ended'));
      this.pending.set(id, { resolve, reject });
      this.child.send({ type: 'request', id, body } satisfies Envelope<AppRequest>);
    });
  }

  private reply(id: number, answer: Promise<unknown>): void {
    answer.then(
      (value) => this.child.connected && this.child.send({ type: 'reply', id, ok: true, value }),
      (error: unknown) =>
        this.child.connected &&
        this.child.send({
          type: 'reply',
          id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }

  private receive(message: Envelope<HostRequest | HostEvent>): void {
    if (message.type === 'reply') {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(new Error(message.message));
    } else if (message.type === 'request') {
      this.reply(message.id, this.answer(message.body as HostRequest));
    } else {
      this.observe(message.body as HostEvent);
    }
  }

  private async answer(request: HostRequest): Promise<unknown> {
    switch (request.kind) {
      case 'window.load': {
        const page = await this.launch.pageFor(request.windowId);
        const window = this.windows.get(request.windowId);
        if (window) window.page = page;
        try {
          await pageWindow(page).load(this, request.windowId, request.url, request.preload);
          this.firstLoad.resolve();
        } catch (error) {
          this.firstLoad.reject(error as Error);
          throw error;
        }
        return null;
      }
      case 'dialog.save':
        return this.launch.dialogs.save(request.windowId, request.options);
      case 'dialog.message':
        return this.launch.dialogs.message(request.windowId, request.options);
      case 'window.printToPDF': {
        const page = this.windows.get(request.windowId)?.page;
        if (!page || page.isClosed()) throw new Error('The window has no page to print');
        return printToPdf(page, request.options);
      }
      case 'shell.openExternal':
        this.opened.push(request.url);
        return null;
      case 'shell.openPath':
        this.files.push({ action: 'open', path: request.path });
        return existsSync(request.path) ? '' : `The file ${request.path} does not exist`;
    }
  }

  private observe(event: HostEvent): void {
    switch (event.kind) {
      case 'window.created':
        this.windows.set(event.windowId, { page: undefined, options: event.options });
        break;
      case 'window.send': {
        const page = this.windows.get(event.windowId)?.page;
        if (page) this.deliveries.push(pageWindow(page).deliver(this, event.channel, event.args));
        break;
      }
      case 'window.closed': {
        const page = this.windows.get(event.windowId)?.page;
        if (page) this.deliveries.push(pageWindow(page).close(this));
        break;
      }
      case 'notification':
        this.notifications.push({ title: event.title, body: event.body });
        break;
      case 'badge':
        this.badges.push(event.count);
        break;
      case 'shell.showItemInFolder':
        this.files.push({ action: 'show', path: event.path });
        break;
      case 'dialog.error':
        this.errorBoxes.push({ title: event.title, content: event.content });
        break;
      case 'menu':
        this.menu = event.labels;
        break;
      case 'utility.forked': {
        let resolveLine!: (line: string) => void;
        const firstLine = new Promise<string>((r) => (resolveLine = r));
        this.lineWaiters.set(event.pid, resolveLine);
        this.utilities.push({ ...event, firstLine, exitCode: undefined });
        this.utilityStarted();
        break;
      }
      case 'utility.line':
        this.lineWaiters.get(event.pid)?.(event.line);
        break;
      case 'utility.exited': {
        const utility = this.utilities.find((u) => u.pid === event.pid);
        if (utility) utility.exitCode = event.code;
        break;
      }
      case 'app.ready':
      case 'app.quitting':
        break;
    }
  }
}
