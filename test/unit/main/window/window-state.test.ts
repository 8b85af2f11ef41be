import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  parseWindowState,
} from '../../../../src/main/window/window-state';

describe('remembered window state', () => {
  it('falls back to the default for a missing or damaged file', () => {
    expect(parseWindowState(undefined)).toEqual(DEFAULT_WINDOW_STATE);
    expect(parseWindowState('{not json')).toEqual(DEFAULT_WINDOW_STATE);
    expect(parseWindowState('{"width": -5, "height": 10}')).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('keeps a window that is on screen and recentres one left on a detached display', () => {
    const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    const onScreen = parseWindowState('{"x":100,"y":80,"width":1200,"height":800,"maximized":false}');
    expect(fitToDisplays(onScreen, screen)).toEqual(onScreen);
    const offScreen = parseWindowState('{"x":4000,"y":80,"width":1200,"height":800,"maximized":true}');
    expect(fitToDisplays(offScreen, screen)).toEqual({ width: 1200, height: 800, maximized: true });
  });

  it('shrinks a window larger than the screen', () => {
    const big = parseWindowState('{"width":5000,"height":3000}');
    expect(fitToDisplays(big, [{ x: 0, y: 0, width: 1366, height: 768 }])).toMatchObject({
      width: 1366,
      height: 768,
    });
  });
});
