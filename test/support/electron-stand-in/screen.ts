// Electron's screen: the displays the test host configured (one 1920×1080 screen unless told otherwise).
import { standInConfig } from './link';

function display(
  id: number,
  area: { x: number; y: number; width: number; height: number },
): Electron.Display {
  return {
    id,
    label: `Display ${id}`,
    bounds: area,
    workArea: area,
    size: { width: area.width, height: area.height },
    workAreaSize: { width: area.width, height: area.height },
    nativeOrigin: { x: area.x, y: area.y },
    scaleFactor: 1,
    rotation: 0,
    internal: id === 1,
    detected: true,
    monochrome: false,
    colorDepth: 24,
    colorSpace: '',
    depthPerComponent: 8,
    displayFrequency: 60,
    maximumCursorSize: { width: 0, height: 0 },
    accelerometerSupport: 'unknown',
    touchSupport: 'unknown',
  };
}

class StandInScreen implements Pick<Electron.Screen, 'getAllDisplays' | 'getPrimaryDisplay'> {
  getAllDisplays(): Electron.Display[] {
    return standInConfig().displays.map((area, index) => display(index + 1, area));
  }

  getPrimaryDisplay(): Electron.Display {
    return this.getAllDisplays()[0]!;
  }
}

export const screen = new StandInScreen();
