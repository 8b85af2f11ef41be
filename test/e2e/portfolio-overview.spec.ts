// The portfolio overview end to end on the demo organisation: the offline copy made from the UI, then
// every chart with real figures, figures checked against the portfolio tables, bars that open their
// rows by mouse and by keyboard, a month's leases handed to the rent review, axe, light and dark, and
// the printed version (a PDF from Chromium, and the page in print media).
import { test, expect } from './harness/app-fixture';
import type { AppHarness } from './harness/app-fixture';

const CHARTS = {
  ladder: 'Leases ending per month',
  occupancy: 'Units per property: let, vacant and other',
  gap: 'Let units by rent minus market rent',
  aging: 'Amount overdue by age',
  priority: 'Open requests by priority',
  age: 'Open requests by age',
} as const;

/** The offline copy made at the first start, without anyone asking, as its screen shows it. */
async function updateOfflineCopyFromTheUi(app: AppHarness) {
  const { page } = app;
  await app.open('#/portfolio/offline-copy');
  await expect(page.getByRole('table', { name: 'What the offline copy holds' })).toBeVisible();
  await expect(page.getByText('Not copied yet')).toHaveCount(0, { timeout: 240_000 });
  await expect(page.getByText(/(Making|Updating) the offline copy…/)).toHaveCount(0, { timeout: 240_000 });
}

const chart = (app: AppHarness, name: string) => app.page.getByRole('group', { name, exact: true });
const marks = (app: AppHarness, name: string) => chart(app, name).getByRole('button');
const names = (app: AppHarness, name: string) =>
  marks(app, name).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
/** The first whole number in a text ("12 leases" → 12). */
const firstNumber = (text: string) => Number(/(\d[\d,]*)/.exec(text)![1]!.replace(/,/g, ''));

async function openOverview(app: AppHarness) {
  await app.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
  await expect(app.page).toHaveURL(/#\/portfolio\/overview$/);
  await expect(chart(app, CHARTS.ladder)).toBeVisible();
}

test('the overview charts the offline copy; bars open their rows; keyboard, axe, themes and print', async ({
  app,
}) => {
  const { page } = app;
  await updateOfflineCopyFromTheUi(app);

  // The portfolio opens on the overview.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL(/#\/portfolio\/overview$/);
  await expect(page.getByRole('tab', { name: 'Overview', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tablist', { name: 'Portfolio views' }).getByRole('tab').first()).toHaveText(
    'Overview',
  );
  await expect(
    page.getByText(/From the offline copy as of .+ · ages counted from [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
  ).toBeVisible();

  // Every chart shows real figures.
  const ladder = await names(app, CHARTS.ladder);
  expect(ladder).toHaveLength(19);
  expect(ladder.at(-1)).toMatch(/^Month-to-month: [1-9][\d,]* leases?, \$[\d,]+ monthly rent$/);
  expect(
    ladder.filter((n) => /^\w+ \d{4}: [1-9][\d,]* leases?, \$[\d,]+ monthly rent/.test(n)).length,
  ).toBeGreaterThan(3);
  expect((await names(app, CHARTS.occupancy)).some((n) => /, [1-9]\d* vacant,/.test(n))).toBe(true);
  expect((await names(app, CHARTS.gap)).some((n) => /against market: [1-9]\d* units?$/.test(n))).toBe(true);
  expect(
    (await names(app, CHARTS.aging)).some((n) => /overdue: \$[1-9][\d,]* in [1-9]\d* payments?$/.test(n)),
  ).toBe(true);
  expect((await names(app, CHARTS.priority)).some((n) => /: [1-9]\d* open requests?$/.test(n))).toBe(true);
  expect((await names(app, CHARTS.age)).some((n) => /: [1-9]\d* requests?$/.test(n))).toBe(true);
  await expect(page.getByText(/Loss-to-lease \$[\d,]+ a month over [\d,]+ let units/)).toBeVisible();
  await expect(page.getByText(/An estimated \$[\d,]+ overdue in [\d,]+ payments/)).toBeVisible();
  await app.screenshot('portfolio-overview-light');
  await app.checkA11y('portfolio overview');

  // A figure against the tables: next month's lease count is the expirations table's rows ending then.
  const next = ladder[1]!;
  const nextMonth = next.slice(0, next.indexOf(':'));
  const nextCount = firstNumber(next.slice(next.indexOf(':')));
  await page.getByRole('tab', { name: 'Expirations', exact: true }).click();
  const expirations = page.getByRole('table', { name: 'Lease expirations' });
  await expect(expirations).toBeVisible();
  // The table draws only the rows in view; as for printing, it draws every row.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const endingInMonth = async () => {
    const endings = await expirations
      .locator('tbody tr:not(.pf-group)')
      .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[5]?.textContent ?? ''));
    return endings.filter((text) => {
      const d = new Date(`${text} UTC`);
      return d.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }) === nextMonth;
    }).length;
  };
  expect(nextCount).toBeGreaterThan(0);
  await expect.poll(endingInMonth).toBe(nextCount);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

  // Another: a property's vacant count is the vacancy board's, and its bar opens those units.
  await openOverview(app);
  await page.getByRole('button', { name: 'Most vacant first' }).click();
  const mostVacant = (await names(app, CHARTS.occupancy))[0]!;
  const property = mostVacant.slice(0, mostVacant.indexOf(':'));
  const vacant = Number(/, (\d+) vacant,/.exec(mostVacant)![1]);
  expect(vacant).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Vacancy', exact: true }).click();
  const groups = page.getByRole('table', { name: 'Vacancy board' }).locator('tbody tr.pf-group');
  // The group's heading: the property, its count of rows, then its address to tell namesakes apart.
  const heading = new RegExp(`^${property.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · ${vacant} `);
  // The board draws only the rows in view: Find brings the property's group into it.
  await page.getByRole('searchbox', { name: 'Find in Vacancy board' }).fill(property);
  await expect(groups.filter({ hasText: `${property} · ` })).toHaveText(heading);
  await page.getByRole('searchbox', { name: 'Find in Vacancy board' }).fill('');
  await openOverview(app);
  await page.getByRole('button', { name: 'Most vacant first' }).click();
  await marks(app, CHARTS.occupancy).first().click();
  await expect(page).toHaveURL(/#\/portfolio\/vacancy\?property=/);
  await expect(
    page.getByText(`Showing only the ${vacant} vacant units of ${property}, from the overview.`),
  ).toBeVisible();
  const board = page.getByRole('table', { name: 'Vacancy board' });
  await expect(board.locator('tbody tr:not(.pf-group)')).toHaveCount(vacant);
  await expect(board.locator('tbody tr.pf-group')).toHaveText([heading]);
  await app.screenshot('portfolio-overview-vacancy-of-property');
  await page.getByRole('button', { name: 'Show every row' }).click();
  await expect(page).toHaveURL(/#\/portfolio\/vacancy$/);

  // Keyboard: one tab stop per chart, arrows move between months, Enter opens the month's leases.
  await openOverview(app);
  const ladderCard = page.getByRole('region', { name: 'Lease expirations, next 18 months', exact: true });
  await ladderCard.getByRole('button', { name: 'Show data table' }).focus();
  await page.keyboard.press('Tab');
  await expect(marks(app, CHARTS.ladder).first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(marks(app, CHARTS.ladder).nth(1)).toBeFocused();
  await app.screenshot('portfolio-overview-keyboard');
  await expect(marks(app, CHARTS.ladder).first()).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Tab');
  await expect(marks(app, CHARTS.ladder).nth(1)).not.toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(marks(app, CHARTS.ladder).nth(1)).toBeFocused();
  // The rent review takes the leases of the month holding the tab stop.
  const review = ladderCard.getByRole('button', {
    name: `Review rents of the ${nextCount} leases ending in ${nextMonth}`,
  });
  await expect(review).toBeVisible();
  await marks(app, CHARTS.ladder).nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/portfolio\/expirations\?month=\d{4}-\d{2}$/);
  const focused = page.getByRole('table', { name: 'Lease expirations' });
  await expect(
    page.getByText(`Showing only the ${nextCount} leases ending in ${nextMonth}, from the overview.`),
  ).toBeVisible();
  await expect(focused.locator('tbody tr:not(.pf-group)')).toHaveCount(nextCount);
  await expect(focused.locator('tbody tr.pf-group')).toHaveText([`${nextMonth} · ${nextCount}`]);
  await expect(focused.getByRole('checkbox', { name: /^Choose lease / })).toHaveCount(nextCount);
  await app.screenshot('portfolio-overview-month-expirations');
  await app.checkA11y('expirations of one month');

  await openOverview(app);
  await marks(app, CHARTS.ladder).nth(1).focus();
  await page
    .getByRole('button', { name: `Review rents of the ${nextCount} leases ending in ${nextMonth}` })
    .click();
  await expect(page).toHaveURL(/#\/rent-review\?leases=/);
  const handed = new URL(page.url().replace('#/rent-review', 'rent-review')).searchParams.get('leases')!;
  expect(handed.split(',')).toHaveLength(nextCount);

  // Space on the last aging bucket opens the payments over 90 days overdue.
  await openOverview(app);
  const agingCard = page.getByRole('region', {
    name: 'Delinquency aging (estimate from payments)',
    exact: true,
  });
  await agingCard.getByRole('button', { name: 'Show data table' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('End');
  const over90 = marks(app, CHARTS.aging).last();
  await expect(over90).toBeFocused();
  const over90Amount = /\$[\d,]+/.exec((await over90.getAttribute('aria-label'))!)![0];
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/#\/portfolio\/delinquency\?overdue=age_90_plus$/);
  await expect(
    page.getByText(/Showing only payments over 90 days overdue \(\d+ tenant lines?\), from the overview\./),
  ).toBeVisible();
  await expect(
    page.getByRole('term').filter({ hasText: 'Total outstanding' }).locator('xpath=..'),
  ).toContainText(over90Amount);

  // A priority bar opens those open requests.
  await openOverview(app);
  const highName = (await marks(app, CHARTS.priority).evaluateAll((els) =>
    els.map((e) => e.getAttribute('aria-label')!).find((n) => n.startsWith('high priority')),
  ))!;
  await chart(app, CHARTS.priority).getByRole('button', { name: highName }).click();
  await expect(page).toHaveURL(/#\/portfolio\/maintenance\?priority=high$/);
  await expect(
    page.getByRole('table', { name: 'Maintenance triage' }).locator('tbody tr:not(.pf-group)'),
  ).toHaveCount(firstNumber(highName.slice(highName.indexOf(':'))));

  // Data tables, axe with one shown, both themes.
  await openOverview(app);
  await ladderCard.getByRole('button', { name: 'Show data table' }).click();
  await expect(
    ladderCard.getByRole('table', { name: 'Lease expirations, next 18 months: data' }),
  ).toBeVisible();
  await expect(ladderCard.getByRole('button', { name: 'Hide data table' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await app.checkA11y('portfolio overview with a data table');
  await ladderCard.getByRole('button', { name: 'Hide data table' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe('rgb(23, 23, 26)');
  await app.screenshot('portfolio-overview-dark');
  await app.checkA11y('portfolio overview, dark');
  for (const [name, region] of [
    ['occupancy', 'Occupancy by property'],
    ['rent-gap', 'Rent against market'],
    ['maintenance', 'Open maintenance'],
  ] as const) {
    await page.getByRole('region', { name: region, exact: true }).scrollIntoViewIfNeeded();
    await app.screenshot(`portfolio-overview-dark-${name}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('region', { name: 'Rent against market', exact: true }).scrollIntoViewIfNeeded();
  await app.screenshot('portfolio-overview-light-lower');

  // Print: Chromium's PDF of the page, and the page in print media.
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    path: 'test-results/screens/portfolio-overview.pdf',
  });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  expect(pages).toBeGreaterThan(0);
  // The page as printed, at about the width of A4 paper.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('tablist', { name: 'Portfolio views' })).toBeHidden();
  await expect(
    ladderCard.getByRole('table', { name: 'Lease expirations, next 18 months: data' }),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await app.screenshot('portfolio-overview-print');
  await page.getByRole('region', { name: 'Rent against market', exact: true }).scrollIntoViewIfNeeded();
  await app.screenshot('portfolio-overview-print-rent-gap');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 800 });
});
