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

export async function checkA11yOf(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${label}: ${v.id} — ${v.help} (${v.nodes.length} nodes: ${v.nodes[0]?.target.join(' ')})`,
    ),
  ).toEqual([]);
}
