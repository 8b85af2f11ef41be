// Reads a collection browser's "N loaded" status, scrolling its grid until every page has arrived.
import type { Page } from '@playwright/test';

export async function scrollToEnd(page: Page, label: string): Promise<string> {
  const grid = page.getByRole('grid', { name: label });
  const status = page.getByRole('status').filter({ hasText: 'loaded' });
  for (let i = 0; i < 400; i++) {
    const text = (await status.textContent()) ?? '';
    if (!text.includes('more') && !text.includes('loading')) return text;
    if (await grid.count()) await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(50);
  }
  throw new Error(`${label} never finished loading`);
}

export async function loadedCount(page: Page, label: string): Promise<number> {
  return Number((await scrollToEnd(page, label)).replace(/[^\d]/g, ''));
}
