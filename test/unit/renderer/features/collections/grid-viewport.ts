// happy-dom does no layout: every element is given a 600 px high, 1000 px wide viewport so the grid's
// virtualizer has rows to draw. Real layout is measured in Chromium by the end-to-end tests.
export function giveElementsAViewport(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
}
