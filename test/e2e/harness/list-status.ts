// Reads a collection browser's "N loaded" status, scrolling its grid until every page has arrived.
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export async function scrollToEnd(page: Page, label: string): Promise<string> {
  const grid = page.getByRole('grid', { name: label });
  const status = page.getByRole('status').filter({ hasText: /^[\d,]+ loaded/ });
  let text = '';
  // Each look at the status scrolls to the foot again, which is what asks for the next page.
  const loaded = async () => {
    text = (await status.textContent()) ?? '';
    if (!text.includes('more') && !text.includes('loading')) return true;
    if (await grid.count()) await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    return false;
  };
  await expect.poll(loaded, { message: `${label} never finished loading`, timeout: 120_000 }).toBe(true);
  return text;
}

export async function loadedCount(page: Page, label: string): Promise<number> {
  return Number((await scrollToEnd(page, label)).replace(/[^\d]/g, ''));
}
