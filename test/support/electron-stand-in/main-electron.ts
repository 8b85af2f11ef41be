// The `electron` module of the app's main process under test: what out/main/index.js imports, built
// by the test host into one ES module and resolved for `electron` by a module hook (resolve-hook.mjs).
// It also answers the host: IPC from the page, quit, window close, menu clicks, offline, inspection.
import { app } from './app';
import { StandInBrowserWindow } from './browser-window';
import { dialog } from './dialog';
import { inspect } from './inspect';
import { ipcMain } from './ipc-main';
import { onHostRequest } from './link';
import { Menu, clickMenu } from './menu';
import { net } from './net';
import { StandInNotification } from './notification';
import type { AppRequest } from './protocol';
import { screen } from './screen';
import { session } from './session';
import { shell } from './shell';
import { utilityProcess } from './utility-process';

export {
  app,
  StandInBrowserWindow as BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  StandInNotification as Notification,
  screen,
  session,
  shell,
  utilityProcess,
};

onHostRequest(async (request: AppRequest) => {
  switch (request.kind) {
    case 'ipc.invoke':
      return ipcMain.invoke(request.windowId, request.channel, request.args, request.frame);
    case 'app.quit':
      app.quit();
      return null;
    case 'window.close':
      StandInBrowserWindow.getAllWindows()
        .find((w) => w.id === request.windowId)
        ?.close();
      return null;
    case 'menu.click':
      clickMenu(request.path);
      return null;
    case 'net.offline':
      net.setOffline(request.offline);
      return null;
    case 'inspect':
      return inspect();
  }
});
