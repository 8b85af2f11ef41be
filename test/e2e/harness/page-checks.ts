// What every e2e fixture offers on a page: a named screenshot in test-results/screens, and an axe
// run that fails on serious or critical violations.
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../support/electron-host/stand-in-build';

export const SCREENS = join(ROOT, 'test-results/screens');

export async function screenshotOf(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS, { recursive: true });
  const path = join(SCREENS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * The same screen as a landlord may see it: light and dark at the default window size, and light in a
 * small 1024×700 window. Restores the colour scheme and window size it found.
 */
export async function screenshotSetOf(page: Page, name: string): Promise<string[]> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const shots: string[] = [];
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    shots.push(await screenshotOf(page, `${name}-light`));
    await page.emulateMedia({ colorScheme: 'dark' });
    shots.push(await screenshotOf(page, `${name}-dark`));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 700 });
    shots.push(await screenshotOf(page, `${name}-1024x700`));
  } finally {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: null });
  }
  return shots;
}

export async function checkA11yOf(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${label}: ${v.id} — ${v.help} (${v.nodes.length} nodes: ${v.nodes[0]?.target.join(' ')})`,
    ),
  ).toEqual([]);
}
