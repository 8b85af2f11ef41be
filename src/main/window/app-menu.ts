// The application menu: the platform's usual roles and shortcuts, plus PropDesk's own commands,
// which are sent to the renderer as `app.command` events.
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/ipc';

export function appMenuTemplate(
  platform: NodeJS.Platform,
  isDev: boolean,
  send: (command: MenuCommand) => void,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const item = (label: string, accelerator: string, command: MenuCommand): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => send(command),
  });
  return [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        item('Connections…', 'CmdOrCtrl+,', 'connections'),
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        item('Go to…', 'CmdOrCtrl+K', 'palette'),
        item('Drafts', 'CmdOrCtrl+Shift+D', 'drafts'),
        item('Suggestions', 'CmdOrCtrl+Shift+S', 'suggestions'),
        item('Refresh', 'CmdOrCtrl+R', 'refresh'),
        { type: 'separator' },
        item('Back', mac ? 'Cmd+[' : 'Alt+Left', 'back'),
        item('Forward', mac ? 'Cmd+]' : 'Alt+Right', 'forward'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(isDev
          ? [
              { type: 'separator' as const },
              { role: 'toggleDevTools' as const },
              { role: 'forceReload' as const },
            ]
          : []),
      ],
    },
    { role: 'windowMenu' },
  ];
}
