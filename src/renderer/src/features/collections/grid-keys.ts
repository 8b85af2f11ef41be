// What a key does in the record grid: arrows or J/K move the selection a row, Page Up/Down fifteen,
// Home/End to the ends; Enter opens the selected record's page; Escape closes the details panel.
export type GridKeyAction = { kind: 'move'; to: number } | { kind: 'open-page' } | { kind: 'close' };

const PAGE_ROWS = 15;

/** The action of `key` with row `selected` chosen (-1 for none) among rows 0..`last`; null for other keys. */
export function gridKeyAction(key: string, selected: number, last: number): GridKeyAction | null {
  const move = (to: number): GridKeyAction => ({ kind: 'move', to: Math.max(0, Math.min(last, to)) });
  switch (key) {
    case 'ArrowDown':
    case 'j':
      return move(selected + 1);
    case 'ArrowUp':
    case 'k':
      return move(selected < 0 ? 0 : selected - 1);
    case 'PageDown':
      return move(selected + PAGE_ROWS);
    case 'PageUp':
      return move(selected - PAGE_ROWS);
    case 'Home':
      return move(0);
    case 'End':
      return move(last);
    case 'Enter':
      return selected >= 0 ? { kind: 'open-page' } : null;
    case 'Escape':
      return { kind: 'close' };
    default:
      return null;
  }
}
