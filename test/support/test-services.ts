// Builds the main-process services for unit and integration tests of single services: a SQLite file
// in a temp folder, an in-memory secret store, the demo service as a Node child process, and ports
// that record what they were asked (nothing is shown, opened or saved). Started before it is returned.
// The end-to-end tests do not use this: they boot the built app (out/main/index.js) itself.

import { createAppServices, openAppServices } from '../../src/main/app/app-services';
import { createDispatcher } from '../../src/main/ipc/dispatch';
import type { AppServices } from '../../src/main/app/app-services';
import type { AppPorts } from '../../src/main/app/app-ports';
import type { Confirmation } from '../../src/main/confirmation';
import { DEMO_CONNECTION_ID } from '../../src/main/connections/connection-service';
import type { ProcessLauncher } from '../../src/main/connections/process-launcher';
import { nodeProcessLauncher } from '../../src/main/connections/node-process-launcher';
import { createLogger } from '../../src/main/log/logger';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import { DEFAULT_COPY_BUDGET } from '../../src/main/offline-copy/copy-budget';
import { freeSpace } from '../../src/main/store/scrub';
import { bundledProgram } from './bundled-program';
import { PATIENCE_MS } from './patience';
import { until } from './until';

export const sandboxLauncher = () =>
  nodeProcessLauncher(process.execPath, [bundledProgram('src/sandbox/cli.ts')]);

/** The salvage program from source, as the app starts its built one. */
export const salvageLauncher = () =>
  nodeProcessLauncher(process.execPath, [bundledProgram('src/main/store/salvage/salvage-cli.ts')]);

/**
 * Built on first use: a child started from its own bundle (which finds the project from where that
 * bundle lies) builds it only if it really scrubs.
 */
export const scrubLauncher = (): ProcessLauncher => ({
  launch: (options) =>
    nodeProcessLauncher(process.execPath, [bundledProgram('src/main/store/scrub-cli.ts')]).launch(options),
});

/** What the test ports were asked to do, for tests that check it. */
export interface PortRecord {
  notifications: Array<{ title: string; body: string }>;
  opened: string[];
  badges: number[];
  /** Every question main asked in its message box, in order. */
  questions: Confirmation[];
  /** The answers to the next questions (true: the confirm button); unscripted ones decline, as Escape does. */
  answers: boolean[];
  /** Files main had the operating system open ('open') or show in their folder ('show'). */
  files: Array<{ action: 'open' | 'show'; path: string }>;
}

export function portRecord(): PortRecord {
  return { notifications: [], opened: [], badges: [], questions: [], answers: [], files: [] };
}

export function testPorts(dataDir: string, record: PortRecord = portRecord()): AppPorts {
  return {
    dataDir,
    freeSpace,
    copyBudget: DEFAULT_COPY_BUDGET,
    logger: createLogger({ console: false }),
    fetch: globalThis.fetch,
    // These tests run with a network; a test that takes it away passes its own.
    isOnline: () => true,
    secrets: new MemorySecretStore(),
    launcher: sandboxLauncher(),
    salvage: salvageLauncher(),
    scrub: scrubLauncher(),
    emit: () => undefined,
    appInfo: () => ({ name: 'PropDesk', version: 'test', platform: process.platform }),
    // No dialog here: an export in these tests is cancelled, as by a user closing the dialog, so
    // nothing is ever printed (there is no window to print either).
    chooseSaveFile: async () => undefined,
    printWindowToPdf: () => Promise.reject(new Error('These tests have no window to print')),
    printDocumentToPdf: () =>
      Promise.reject(new Error('These tests print no documents unless given a printer')),
    fileShell: {
      openPath: async (path) => {
        record.files.push({ action: 'open', path });
        return '';
      },
      showItemInFolder: (path) => void record.files.push({ action: 'show', path }),
    },
    confirm: async (question) => {
      record.questions.push(question);
      return record.answers.shift() ?? false;
    },
    notify: (title, body) => void record.notifications.push({ title, body }),
    openApprovedLink: async (decision) => void record.opened.push(decision.url),
    setBadge: (count) => void record.badges.push(count),
  };
}

/**
 * `demoCopy`: whether the demo organisation's first offline copy is made at start, as in the app.
 * Off by default, so a test that is not about it is not slowed or disturbed by its requests: the
 * demo starts with "keep no copy" chosen, and the choice is undone once the start has passed.
 */
export function createTestServices(
  dataDir: string,
  overrides: Partial<AppPorts> = {},
  record: PortRecord = portRecord(),
  { demoCopy = false }: { demoCopy?: boolean } = {},
): AppServices {
  return started(createAppServices({ ...testPorts(dataDir, record), ...overrides }), demoCopy);
}

/** As createTestServices, through the app's own start: a damaged database is recovered first. */
export async function openTestServices(
  dataDir: string,
  overrides: Partial<AppPorts> = {},
  record: PortRecord = portRecord(),
): Promise<AppServices> {
  return started(await openAppServices({ ...testPorts(dataDir, record), ...overrides }), false);
}

function started(services: AppServices, demoCopy: boolean): AppServices {
  if (!demoCopy) {
    services.connections.ensureActive();
    services.store.offlineCopies.setKeepCopy(DEMO_CONNECTION_ID, false);
  }
  services.start();
  services.windowShown();
  if (!demoCopy) services.store.offlineCopies.setKeepCopy(DEMO_CONNECTION_ID, true);
  return services;
}

/** The service of the connection in use goes away, and the app learns it from its next request. */
export async function serviceGone(services: AppServices, service: { close(): Promise<void> }): Promise<void> {
  await service.close();
  await services.clients
    .client()
    .list('leases', { limit: 1 })
    .catch(() => undefined);
}

/** What main answers the window: the data, or the error as the screen gets it. */
export interface WindowAnswer<T = Record<string, unknown>> {
  ok: boolean;
  data?: T;
  error?: { code: string; message: string };
}

/** The window's calls to main through the real dispatcher, as made by the app's own page. */
export function windowCalls(
  services: AppServices,
): <T = Record<string, unknown>>(channel: string, args?: unknown) => Promise<WindowAnswer<T>> {
  const page = { isMainFrame: true, url: 'file:///app/index.html' };
  const dispatcher = createDispatcher(
    services.handlers,
    (s) => s === page,
    services.mapError,
    services.logger,
  );
  return async (channel, args = {}) => (await dispatcher.dispatch(page, channel, args)) as never;
}

/**
 * Adds a connection, makes it the one in use and waits for its first offline copy, made by itself
 * as on first use; answers the connection's ID.
 */
export async function connectWithCopy(
  services: AppServices,
  connection: { name: string; baseUrl: string; apiKey: string },
  timeoutMs = PATIENCE_MS,
): Promise<string> {
  const { id } = await services.connections.add(connection);
  await services.connections.switchTo(id);
  await until(() => services.offlineCopy.status(id).state === 'done', timeoutMs).catch(() => {
    const status = services.offlineCopy.status(id);
    throw new Error(`the first offline copy ended ${status.state}: ${status.message ?? 'no message'}`);
  });
  return id;
}
