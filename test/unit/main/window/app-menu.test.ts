import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate } from '../../../../src/main/window/app-menu';
import type { MenuCommand } from '../../../../src/shared/ipc';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

describe('application menu', () => {
  it('has the usual roles and sends PropDesk commands to the renderer', () => {
    const sent: MenuCommand[] = [];
    const items = flatten(appMenuTemplate('linux', false, (c) => sent.push(c)));
    const roles = items.map((i) => i.role).filter(Boolean);
    expect(roles).toEqual(
      expect.arrayContaining([
        'editMenu',
        'windowMenu',
        'quit',
        'resetZoom',
        'zoomIn',
        'zoomOut',
        'togglefullscreen',
      ]),
    );
    expect(roles).not.toContain('toggleDevTools');
    const palette = items.find((i) => i.label === 'Go to…')!;
    expect(palette.accelerator).toBe('CmdOrCtrl+K');
    (palette.click as () => void)();
    expect(sent).toEqual(['palette']);
  });

  it('uses the macOS app menu there and developer tools only in development', () => {
    const roles = flatten(appMenuTemplate('darwin', true, () => undefined)).map((i) => i.role);
    expect(roles).toContain('appMenu');
    expect(roles).toContain('close');
    expect(roles).toContain('toggleDevTools');
  });
});
