// What the app needs from the world outside plain Node: Electron's network stack, keychain, dialogs,
// shell, notifications and processes, plus where it keeps its files. Every port is required, so a
// composition that forgets one (src/main/index.ts included) fails the typecheck instead of shipping
// a feature that silently does nothing.
import type { EventName, EventPayload } from '../../shared/ipc';
import type { ConfirmWithUser } from '../confirmation';
import type { ProcessLauncher } from '../connections/process-launcher';
import type { ChooseSaveFile } from '../export/save-target';
import type { FileShell } from '../export/saved-files';
import type { Logger } from '../log/logger';
import type { PrintDocumentToPdf, PrintWindowToPdf } from '../export/pdf-file';
import type { ReviewLinkDecision } from '../review/review-link';
import type { SecretStore } from '../secrets/secret-store';
import type { FreeSpace } from '../store/scrub';
import type { CopyBudget } from '../offline-copy/copy-budget';

export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface AppInfoBase {
  name: string;
  version: string;
  platform: string;
  dataDir?: string;
}

export interface AppPorts {
  /** The folder of the database, logs and the demo service's state. */
  dataDir: string;
  /** Free bytes on the disk holding a path: whether there is room to scrub deleted data now. */
  freeSpace: FreeSpace;
  /** What the offline copies may hold (DEFAULT_COPY_BUDGET in the app; a test of an endless service sets less). */
  copyBudget: CopyBudget;
  logger: Logger;
  /** The network (Electron's net.fetch in the app, so proxies and OS certificates apply). */
  fetch: typeof fetch;
  /** Whether this computer has a network at all (Electron's net.isOnline()), told apart from the service. */
  isOnline: () => boolean;
  secrets: SecretStore;
  /** Starts the demo service as a process of its own (Electron's utilityProcess in the app). */
  launcher: ProcessLauncher;
  /**
   * Starts the salvage of a damaged database as a process of its own (Electron's utilityProcess in
   * the app), so a file that keeps SQLite busy for ever can be stopped.
   */
  salvage: ProcessLauncher;
  /**
   * Starts the scrub of deleted data (a rebuild of the database into a side file) as a process of its
   * own (Electron's utilityProcess in the app), so that main's event loop never waits for it.
   */
  scrub: ProcessLauncher;
  /** Sends a push event to the app's window. */
  emit: EmitEvent;
  appInfo: () => AppInfoBase;
  /** A save dialog parented to the app's window. */
  chooseSaveFile: ChooseSaveFile;
  /** The app's window printed to PDF with its print stylesheet (Electron's webContents.printToPDF). */
  printWindowToPdf: PrintWindowToPdf;
  /** A document of main's own printed to PDF in a hidden window (Electron's webContents.printToPDF). */
  printDocumentToPdf: PrintDocumentToPdf;
  /** Opens a file PropDesk saved, or shows it in its folder (Electron's shell.openPath, showItemInFolder). */
  fileShell: FileShell;
  /** A yes-or-no message box of main's own, parented to the app's window. */
  confirm: ConfirmWithUser;
  /** A desktop notification. */
  notify: (title: string, body: string) => void;
  /** Opens a review link the review check approved, in the user's browser. */
  openApprovedLink: (decision: Extract<ReviewLinkDecision, { kind: 'open' }>) => Promise<void>;
  /** The app icon's badge (dock, taskbar): the number of suggestions waiting for review. */
  setBadge: (count: number) => void;
}
