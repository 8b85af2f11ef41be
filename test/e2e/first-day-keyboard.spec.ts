// A landlord's first day with the keyboard alone: find a tenant's lease, suggest a new rent, submit.
// Every key press besides typed text is counted (at most 30), and after every step the focus is on a
// visible element, never the page body, with its focus ring showing. The journey is a table of steps:
// "go to" the tenant by name, their page, the lease it lists, a new rent, submit.
import type { Page } from '@playwright/test';
import { test, expect } from './harness/app-fixture';

type Step =
  | { say: string; press: string; then?: (page: Page) => Promise<void> }
  | { say: string; type: string }
  /** Presses `press` until `done` holds (each press counted), for moving through lists and fields. */
  | { say: string; pressUntil: string; done: (page: Page) => Promise<boolean> };

const MAX_PRESSES = 30;

async function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, why: 'focus on the page body' };
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // A field drawn inside a frame shows its ring on the frame.
    const framed = el.closest('.side-search-field');
    const ringOf = (s: CSSStyleDeclaration) => s.outlineStyle !== 'none' || s.boxShadow !== 'none';
    const ring = ringOf(style) || (framed ? ringOf(getComputedStyle(framed)) : false);
    const visible = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    const name = `${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}”`;
    return { ok: visible && ring, why: `${name}: visible ${visible}, ring ${ring}` };
  });
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const label = el?.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    return `${el?.getAttribute('aria-label') ?? ''} ${label ?? ''} ${el?.textContent ?? ''}`.trim();
  });

/**
 * As a person looks at a new page before moving on: its heading holds the focus, and the record has
 * been read (its facts show), so the page's controls are there to Tab to. Tabbing while the page
 * still says "Loading…" would run off its end, as it would for a person.
 */
const readPage = (kind: string) => async (p: Page) => {
  await expect(p.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(p.getByRole('heading', { level: 2, name: `About this ${kind}` })).toBeVisible();
};

test('tenant → lease → new rent → submitted, by keyboard alone, in at most 30 presses', async ({ app }) => {
  const { page } = app;
  await app.open('#/c/properties');
  await app.updateOfflineCopy();
  const client = await app.demoClient();
  const [lease] = (await client.list('leases', { filters: { status: 'active' }, limit: 1 })).data;
  const tenant = await client.get('tenants', String(lease!.tenant_id));
  const tenantName = String(tenant.name);
  const newRent = String(Number(lease!.monthly_rent) + 55);
  const selectedHit = () =>
    page.evaluate(
      () => document.querySelector('.palette [cmdk-item][aria-selected="true"]')?.textContent ?? '',
    );

  const journey: Step[] = [
    { say: 'open "go to"', press: 'Control+k' },
    { say: 'the tenant’s name', type: tenantName },
    {
      say: 'down to the tenant',
      pressUntil: 'ArrowDown',
      // As a person does, the list is read once the search has answered.
      done: async (p) => {
        await expect(p.locator('.palette [cmdk-item]').filter({ hasText: tenantName }).first()).toBeVisible();
        return (await selectedHit()).includes(tenantName);
      },
    },
    {
      say: 'open the tenant’s page',
      press: 'Enter',
      then: readPage('tenant'),
    },
    {
      say: 'to their lease',
      pressUntil: 'Tab',
      done: async (p) =>
        p.evaluate(
          (id) =>
            (document.activeElement?.getAttribute('href') ?? '').endsWith(
              `/leases/${encodeURIComponent(id)}`,
            ),
          String(lease!.id),
        ),
    },
    {
      say: 'open the lease',
      press: 'Enter',
      then: readPage('lease'),
    },
    {
      say: 'to "Suggest a change"',
      pressUntil: 'Tab',
      done: async (p) => (await focusedName(p)).includes('Suggest a change'),
    },
    { say: 'suggest a change', press: 'Enter' },
    {
      say: 'in a new draft',
      press: 'Enter',
      // The new change's own field takes the focus: the lease's rent.
      then: async (p) => {
        await expect(p.getByRole('spinbutton', { name: 'Monthly rent' })).toBeFocused();
      },
    },
    {
      say: 'to the monthly rent',
      pressUntil: 'Tab',
      done: async (p) => /monthly rent/i.test(await focusedName(p)),
    },
    { say: 'select the old rent', press: 'Control+a' },
    { say: 'the new rent', type: newRent },
    { say: 'review and submit', press: 'Control+Enter' },
    {
      say: 'submit',
      press: 'Control+Enter',
      then: async (p) => {
        await expect(p.getByRole('heading', { name: /Waiting to send|Sent for review/ })).toBeFocused();
      },
    },
  ];

  let presses = 0;
  const log: string[] = [];
  for (const step of journey) {
    if ('type' in step) {
      await page.keyboard.type(step.type);
    } else if ('press' in step) {
      // Ctrl-Enter in the dialog waits for its check of the draft, as a person waits for the button.
      if (step.say === 'submit')
        await expect(page.getByRole('button', { name: /^Submit 1 suggestion/ })).toBeEnabled();
      await page.keyboard.press(step.press);
      presses += 1;
      await step.then?.(page);
    } else {
      let n = 0;
      while (!(await step.done(page))) {
        expect(n++, `${step.say}: not reached (${await focusedName(page)})`).toBeLessThan(20);
        await page.keyboard.press(step.pressUntil);
        presses += 1;
        await expect
          .poll(async () => (await focusState(page)).why, { message: `${step.say}, press ${n}` })
          .not.toMatch(/page body/);
      }
    }
    await expect
      .poll(async () => focusState(page), { message: `after “${step.say}”` })
      .toMatchObject({ ok: true });
    log.push(`${step.say}: ${presses}`);
  }
  test.info().annotations.push({ type: 'presses', description: log.join('; ') });
  console.log(`keyboard journey: ${presses} presses — ${log.join('; ')}`);
  expect(presses).toBeLessThanOrEqual(MAX_PRESSES);
  await expect(page.getByRole('region', { name: 'Submission' })).toBeVisible();
});

test('the shortcut sheet opens on ? and from the sidebar, and says so beside the search', async ({ app }) => {
  const { page } = app;
  await app.open('#/c/leases');
  await expect(page.getByRole('grid', { name: 'Leases' }).getByRole('row').nth(1)).toBeVisible();
  // A fresh load, as the window opens (going to a hash on the same page is a navigation).
  await page.reload();
  // As a person does, the keyboard is used once the window shows the list.
  await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
  await expect(page.getByRole('grid', { name: 'Leases' }).getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Leases' })).toBeFocused();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Next record')).toBeVisible();
  await app.screenshots('shortcut-sheet');
  await app.checkA11y('shortcut sheet');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Leases' })).toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Ctrl K')).toBeVisible();
  await nav.getByRole('button', { name: /Keyboard shortcuts/ }).click();
  await expect(sheet).toBeVisible();
});
