// Electron's Menu: the application menu main builds is kept, its labels are told to the host, and the
// host can click an item by its label path (roles that quit or close act as Electron's do).
import { app } from './app';
import { StandInBrowserWindow } from './browser-window';
import { tellHost } from './link';
import { PreventableEvent } from './preventable-event';

type Template = Parameters<typeof Electron.Menu.buildFromTemplate>[0];
type Item = Template[number];

export class StandInMenu {
  constructor(readonly items: Item[]) {}
}

let applicationMenu: StandInMenu | null = null;

function labelOf(item: Item): string {
  return (item.label ?? item.role ?? item.type ?? '').replace(/&/g, '');
}

function labels(items: Item[], prefix = ''): string[] {
  return items.flatMap((item) => {
    const here = `${prefix}${labelOf(item)}`;
    const sub = Array.isArray(item.submenu) ? labels(item.submenu, `${here} › `) : [];
    return [here, ...sub];
  });
}

export const Menu = {
  buildFromTemplate(template: Template): StandInMenu {
    return new StandInMenu(template);
  },
  setApplicationMenu(menu: StandInMenu | null): void {
    applicationMenu = menu;
    tellHost({ kind: 'menu', labels: menu ? labels(menu.items) : [] });
  },
};

/** Clicks the item at a label path, e.g. ["View", "Go to…"]. */
export function clickMenu(path: string[]): void {
  let items = applicationMenu?.items ?? [];
  let found: Item | undefined;
  for (const label of path) {
    found = items.find((item) => labelOf(item) === label);
    if (!found) throw new Error(`The menu has no item “${path.join(' › ')}”`);
    items = Array.isArray(found.submenu) ? found.submenu : [];
  }
  if (!found) throw new Error('Say which menu item to click');
  if (found.role === 'quit') return app.quit();
  if (found.role === 'close') return StandInBrowserWindow.getAllWindows()[0]?.close();
  const window = StandInBrowserWindow.getAllWindows()[0];
  (found.click as ((...args: unknown[]) => void) | undefined)?.({}, window, new PreventableEvent());
}
