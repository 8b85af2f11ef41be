// The `electron` module as main and the preload see it when type-checked against the stand-in
// (tsconfig.stand-in.json maps `electron` here): the values each side may use and the types they
// name. A call main or the preload makes that the stand-in does not model, or models with another
// signature, fails that typecheck. At run time, main gets main-electron.ts and the page
// renderer-electron.ts.
export * from './main-electron';
export { contextBridge, ipcRenderer } from './renderer-electron';
export type { StandInInvokeEvent as IpcMainInvokeEvent } from './ipc-main';
export type { StandInWebContents as WebContents } from './browser-window';
export type { StandInSession as Session } from './session';
export type BrowserWindowConstructorOptions = Electron.BrowserWindowConstructorOptions;
export type WebPreferences = Electron.WebPreferences;
export type MenuItemConstructorOptions = Electron.MenuItemConstructorOptions;
export type SaveDialogOptions = Electron.SaveDialogOptions;
export type MessageBoxOptions = Electron.MessageBoxOptions;
