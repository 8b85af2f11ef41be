// People and money through the built app, on the demo organisation: Caleb Reyes's tenant page says
// what he owes as the service's own payments add up (worked out here from the demo service's records);
// the three tenants called Sofia Walsh are three people in Delinquency and three hits in search, each
// with her own second line, and one of them is found by the property of her lease; a filtered Payments
// list sums every payment it matches from the offline copy. Screenshots in light, dark and 1024×700.
import { test, expect } from './harness/app-fixture';
import type { AppHarness } from './harness/app-fixture';
import type { Collection, ServiceRecord } from '../../src/shared/service';

async function everything(app: AppHarness, collection: Collection): Promise<ServiceRecord[]> {
  const client = await app.demoClient();
  const records: ServiceRecord[] = [];
  for await (const page of client.listAll(collection, { limit: 100 })) records.push(...page.data);
  return records;
}

/** The day as the page writes a day, in its own locale ("Dec 1, 2025"). */
const dayOnPage = (app: AppHarness, day: string) =>
  app.page.evaluate(
    (d) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      ),
    day,
  );

/** An amount as written on the page ("$3,400.00") read back in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

test('a tenant’s balance, namesakes told apart in Delinquency and search, and a whole filter’s sum', async ({
  app,
}) => {
  const { page } = app;
  await app.open('#/today');
  await app.updateOfflineCopy();
  const today = new Date().toISOString().slice(0, 10);
  const tenants = await everything(app, 'tenants');
  const payments = await everything(app, 'payments');
  /** The service's charges due before today and not paid by today: what Delinquency counts. */
  const unpaidOf = (tenantId: string) =>
    payments
      .filter(
        (p) =>
          p.tenant_id === tenantId &&
          String(p.due_date).slice(0, 10) < today &&
          (typeof p.paid_date !== 'string' || p.paid_date.slice(0, 10) > today),
      )
      .sort((a, b) => String(a.due_date).localeCompare(String(b.due_date)));

  // Caleb Reyes's page: what he owes, since when, how many charges, as the service's payments say.
  const caleb = tenants.find((t) => t.name === 'Caleb Reyes')!;
  const owed = unpaidOf(caleb.id);
  expect(owed.length).toBeGreaterThan(0);
  const owedCents = owed.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
  await app.open(`#/r/tenants/${caleb.id}`);
  const line = page.locator('.balance-line');
  await expect(line).toContainText(`unpaid charge${owed.length === 1 ? '' : 's'}`);
  const words = (await line.textContent())!;
  const [, amount, since, count] = /^Owes (.+?) since (.+?) — (\d+) unpaid/.exec(words)!;
  expect(cents(amount!)).toBe(owedCents);
  expect(since).toBe(await dayOnPage(app, String(owed[0]!.due_date).slice(0, 10)));
  expect(Number(count)).toBe(owed.length);
  await expect(
    page.getByRole('list', { name: 'Unpaid charges, oldest first' }).getByRole('listitem'),
  ).toHaveCount(owed.length);
  await app.screenshots('people-tenant-balance');

  // His unpaid payments, filtered: the sum covers every one the filters match, from the copy.
  await app.open(`#/c/payments?tenant_id=${caleb.id}`);
  const sum = page.locator('.sum-line');
  await expect(sum).toContainText('every payment these filters match, from the offline copy as of');
  const all = payments.filter((p) => p.tenant_id === caleb.id);
  await expect(sum).toContainText(`${all.length} payment${all.length === 1 ? '' : 's'} ·`);
  const total = all.reduce((s, p) => s + Math.round(Number(p.amount) * 100), 0);
  expect(cents(/· (.+?) —/.exec((await sum.textContent())!)![1]!)).toBe(total);

  // The Sofia Walshes: one group each in Delinquency (those who owe), each with her email beneath.
  const walshes = tenants.filter((t) => t.name === 'Sofia Walsh');
  expect(walshes).toHaveLength(3);
  const owing = walshes.filter((t) => unpaidOf(t.id).length > 0);
  expect(owing.length).toBeGreaterThan(1);
  await app.open('#/portfolio/delinquency');
  const table = page.getByRole('table', { name: 'Delinquency' });
  await expect(table).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find in Delinquency' }).fill('Sofia Walsh');
  const headings = table.locator('tr.pf-group th');
  await expect(headings).toHaveCount(owing.length);
  const notes = await headings.locator('.pf-group-note').allTextContents();
  expect(new Set(notes.map((n) => n.trim()))).toEqual(new Set(owing.map((t) => String(t.email))));
  // The dates on screen are in one style: the as-of line's day as the date cells write theirs.
  await expect(page.locator('.pf-as-of')).toContainText(`ages counted from ${await dayOnPage(app, today)}`);
  await app.screenshots('people-delinquency-walshes');

  // Search: three hits under Tenants, each with her own second line; Enter opens the first.
  const field = page.getByRole('combobox', { name: 'Search everything' });
  await field.fill('Sofia Walsh');
  const results = page.getByRole('dialog', { name: 'Search results' });
  const hits = results.getByRole('group', { name: 'Tenants' }).getByRole('option', { name: /Sofia Walsh/ });
  await expect(hits).toHaveCount(3);
  const seconds = await hits.locator('.search-second').allTextContents();
  expect(new Set(seconds).size).toBe(3);
  await app.screenshot('people-search-walshes');

  // "walsh <her property>" finds the Sofia Walsh who rents there, and only the Sofia Walshes whose
  // lease's unit or property holds that word (a street may share a building's name).
  const leases = await everything(app, 'leases');
  const units = new Map((await everything(app, 'units')).map((u) => [u.id, u]));
  const properties = new Map((await everything(app, 'properties')).map((p) => [p.id, p]));
  const placesOf = (t: ServiceRecord) =>
    leases
      .filter((l) => l.tenant_id === t.id)
      .flatMap((l) => {
        const unit = units.get(String(l.unit_id));
        return unit ? [unit, properties.get(String(unit.property_id))!] : [];
      });
  const holds = (r: ServiceRecord, word: string) =>
    Object.entries(r).some(
      ([k, v]) =>
        k !== 'id' &&
        typeof v === 'string' &&
        v
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .some((w) => w.startsWith(word)),
    );
  // The Sofia Walsh and property word that pick out the fewest of them, so the answer shows the words
  // at work (and cannot be the answer for "Sofia Walsh" still on screen).
  const thereFor = (word: string) => walshes.filter((t) => placesOf(t).some((r) => holds(r, word)));
  const [housed, place] = walshes
    .flatMap((t) =>
      placesOf(t)
        .filter((r) => properties.has(r.id))
        .map((r) => [t, String(r.name).split(' ')[0]!.toLowerCase()] as const),
    )
    .sort((a, b) => thereFor(a[1]).length - thereFor(b[1]).length)[0]!;
  const there = thereFor(place);
  expect(there.length).toBeLessThan(3);
  await field.fill('');
  await expect(results).toBeHidden();
  await field.fill(`walsh ${place}`);
  const tenantsThere = results
    .getByRole('group', { name: 'Tenants' })
    .getByRole('option', { name: /Sofia Walsh/ });
  await expect(tenantsThere).toHaveCount(there.length);
  const placed = tenantsThere.filter({ hasText: housed.id });
  await expect(placed).toBeVisible();
  await app.screenshot('people-search-walsh-place');
  await placed.click();
  await expect(page).toHaveURL(new RegExp(`#/r/tenants/${housed.id}$`));
});
