// The sandbox's review page ("API & Automation") in a real browser: a person picks an identity,
// approves one suggestion and dismisses another; the approved change is then written under that
// person's name, visible through the API, and a role that may not approve sees no approve button.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';

let sandbox: Sandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
test.afterAll(async () => {
  await sandbox.close();
});

async function api(path: string, init: RequestInit = {}) {
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const res = await fetch(`${sandbox.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      data: Record<string, unknown> & { proposals?: Array<{ id: string; summary: string }> };
    },
  };
}

test('a person approves one suggestion and dismisses another on the review page', async ({ page }) => {
  const leases = (await api('/api/v1/leases?status=active&limit=2')).body.data as unknown as Array<{
    id: string;
    monthly_rent: number;
  }>;
  const [a, b] = leases;
  const submitted = await api('/api/v1/proposals', {
    method: 'POST',
    headers: { 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      label: 'Rent review',
      changes: [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: a!.id,
          fields: { monthly_rent: a!.monthly_rent + 25 },
        },
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: b!.id,
          fields: { monthly_rent: b!.monthly_rent + 30 },
        },
      ],
    }),
  });
  expect(submitted.status).toBe(201);
  const [first, second] = submitted.body.data.proposals!;

  await page.goto(String(submitted.body.data.reviewUrl));
  await expect(page.getByRole('heading', { name: 'API & Automation' })).toBeVisible();
  // A role that may not approve is offered no approve button.
  await page.getByLabel('Demo identity').selectOption('maintenance_coordinator');
  await page.getByRole('button', { name: 'Use this identity' }).click();
  await expect(page.getByRole('button', { name: `Approve: ${first!.summary}` })).toHaveCount(0);

  await page.getByLabel('Demo identity').selectOption('property_manager');
  await page.getByRole('button', { name: 'Use this identity' }).click();
  await page.getByRole('button', { name: `Approve: ${first!.summary}` }).click();
  await page.getByRole('button', { name: `Dismiss: ${second!.summary}` }).click();
  await expect(page.getByText(/Approved by/)).toBeVisible();
  await expect(page.getByText(/Dismissed by/)).toBeVisible();
  await page.screenshot({
    path: join(import.meta.dirname, '../../test-results/screens/sandbox-review-page.png'),
    fullPage: true,
  });

  const batch = (await api(`/api/v1/proposals?batchId=${String(submitted.body.data.batchId)}`)).body
    .data as unknown as Array<{ id: string; status: string }>;
  expect(Object.fromEntries(batch.map((p) => [p.id, p.status]))).toEqual({
    [first!.id]: 'applied',
    [second!.id]: 'dismissed',
  });
  const updated = (await api(`/api/v1/leases/${a!.id}`)).body.data;
  expect(updated.monthly_rent).toBe(a!.monthly_rent + 25);
  expect(String(updated.updated_by)).toMatch(/Property Manager/);
  const untouched = (await api(`/api/v1/leases/${b!.id}`)).body.data;
  expect(untouched.monthly_rent).toBe(b!.monthly_rent);
});
