// Every keyboard shortcut PropDesk has, grouped by where it works: what the shortcut sheet lists. Keys
// are written with `Mod` for the platform's modifier (⌘ on a Mac, Ctrl elsewhere); the sheet prints it.

export interface Shortcut {
  keys: string[][];
  what: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

export function shortcutGroups(mac: boolean): ShortcutGroup[] {
  return [
    {
      title: 'Anywhere',
      shortcuts: [
        { keys: [['Mod', 'K']], what: 'Search everything, or go to a collection or view' },
        { keys: [['?']], what: 'Show these shortcuts' },
        { keys: [['Mod', 'Shift', 'D']], what: 'Go to Drafts' },
        { keys: [['Mod', 'Shift', 'S']], what: 'Go to Suggestions' },
        { keys: [['Mod', ',']], what: 'Go to Connections' },
        { keys: [mac ? ['Mod', '['] : ['Alt', '←']], what: 'Back' },
        { keys: [mac ? ['Mod', ']'] : ['Alt', '→']], what: 'Forward' },
        { keys: [['Mod', 'R']], what: 'Read everything on screen again' },
        { keys: [['Tab']], what: 'First press: “Skip to content”, past the sidebar' },
        { keys: [['Esc']], what: 'Close a dialog, a menu or the search results' },
      ],
    },
    {
      title: 'Lists of records',
      shortcuts: [
        { keys: [['↓'], ['J']], what: 'Next record' },
        { keys: [['↑'], ['K']], what: 'Previous record' },
        { keys: [['Page Down'], ['Page Up']], what: '15 records down or up' },
        { keys: [['Home'], ['End']], what: 'First or last record loaded' },
        { keys: [['Enter']], what: 'Open the record’s details' },
        { keys: [['Esc']], what: 'Close the details' },
      ],
    },
    {
      title: 'Search and go to',
      shortcuts: [
        { keys: [['↓'], ['↑']], what: 'Move through the results' },
        { keys: [['Enter']], what: 'Open the chosen result' },
        { keys: [['Esc']], what: 'Clear the search, or close the box' },
      ],
    },
    {
      title: 'Drafts',
      shortcuts: [{ keys: [['Mod', 'Enter']], what: 'Review and submit the draft; in that dialog, submit' }],
    },
    {
      title: 'Portfolio charts',
      shortcuts: [
        { keys: [['←'], ['→']], what: 'Previous or next bar' },
        { keys: [['Home'], ['End']], what: 'First or last bar' },
        { keys: [['Enter'], ['Space']], what: 'Show the rows behind the bar' },
      ],
    },
  ];
}

/** A key as printed on the user's keyboard. */
export function keyLabel(key: string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl';
  if (key === 'Shift' && mac) return '⇧';
  if (key === 'Alt' && mac) return '⌥';
  return key;
}
