// Remembers the window's size and position between runs. A damaged file or a position on a screen
// that is no longer attached falls back to a centred default instead of an invisible window.
import { z } from 'zod';

export const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 800, maximized: false };

export function parseWindowState(text: string | undefined): WindowState {
  if (!text) return DEFAULT_WINDOW_STATE;
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

/** Keeps the window on a visible display: at least 100×60 px of its title area must be on one work area. */
export function fitToDisplays(state: WindowState, workAreas: Area[]): WindowState {
  const primary = workAreas[0];
  const width = primary ? Math.min(state.width, primary.width) : state.width;
  const height = primary ? Math.min(state.height, primary.height) : state.height;
  if (state.x === undefined || state.y === undefined) return { ...state, width, height };
  const { x, y } = state;
  const visible = workAreas.some(
    (a) => x + width - 100 >= a.x && x + 100 <= a.x + a.width && y >= a.y && y + 60 <= a.y + a.height,
  );
  if (visible) return { ...state, width, height };
  return { width, height, maximized: state.maximized };
}
