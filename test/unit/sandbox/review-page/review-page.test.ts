// The review page over HTTP with plain form posts: identity per organisation, approve and dismiss
// (single and whole batch), the approval matrix, decided proposals staying decided, and refusal of
// cross-site posts (Origin, session cookie, CSRF token). No API route approves anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postProposals, start, type Started, type Json } from '../../../support/helpers';

let sb: Started;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

class Browser {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async get(path: string) {
    const res = await fetch(`${this.base}${path}`, {
      headers: { cookie: this.cookieHeader() },
      redirect: 'manual',
    });
    this.store(res);
    return { status: res.status, headers: res.headers, html: await res.text() };
  }
  async post(
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = { origin: this.base },
  ) {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: this.cookieHeader(),
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    this.store(res);
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  }
}

const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

async function suggestRentAndTenant() {
  const lease = (await call(sb.baseUrl, '/api/v1/leases?status=active&limit=3', { key: sb.key('full') })).json
    .data[2];
  const post = await postProposals(sb.baseUrl, sb.key('full'), {
    label: 'Spring review',
    changes: [
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { monthly_rent: lease.monthly_rent + 25 },
      },
      {
        operation: 'create',
        resourceType: 'tenant',
        fields: { name: 'Quinn Avery', email: 'quinn.avery@example.com', status: 'future', is_active: true },
      },
    ],
  });
  return { lease, batch: post.json.data };
}

describe('review page', () => {
  it('renders a batch with before → after, a strict CSP and a SameSite=Strict session', async () => {
    const { lease, batch } = await suggestRentAndTenant();
    const b = new Browser(sb.baseUrl);
    const page = await b.get(new URL(batch.reviewUrl).pathname + new URL(batch.reviewUrl).search);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'nonce-[^']+'/);
    expect(csp).toContain("form-action 'self'");
    expect(page.html).not.toMatch(/<script|https?:\/\/(?!127)/);
    expect(page.html).toContain('<h1>API &amp; Automation</h1>');
    expect(page.html).toContain('<label for="role">Demo identity</label>');
    expect(page.html).toContain('Spring review');
    expect(page.html).toContain(
      `${lease.monthly_rent.toLocaleString('en-US', { minimumFractionDigits: 2 })}</td><td>${(lease.monthly_rent + 25).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(page.html).toContain('Maple &amp; Oak Property Management');
    const session = page.headers.getSetCookie().find((c) => c.startsWith('pd_review_session='))!;
    expect(session).toContain('SameSite=Strict');
    expect(session).toContain('HttpOnly');
  });

  it("approves under the person's account, dismisses, and refuses deciding twice", async () => {
    const { lease, batch } = await suggestRentAndTenant();
    const b = new Browser(sb.baseUrl);
    const path = `/app/automation?batch=${batch.batchId}`;
    const csrf = csrfOf((await b.get(path)).html);
    const org = sb.org('full');
    const noIdentity = await b.post('/app/automation/decide', {
      csrf,
      org,
      action: 'approve',
      proposal: batch.proposals[0].id,
      return: path,
    });
    expect(noIdentity.status).toBe(303);
    expect((await b.get(path)).html).toContain('Choose your identity before deciding.');
    const who = await b.post('/app/automation/identity', {
      csrf,
      org,
      role: 'property_manager',
      return: path,
    });
    expect(who.status).toBe(303);
    expect(who.location).toBe(path);
    expect((await b.get(path)).html).toContain(
      'You are acting as <strong>Dana Whitfield (Property Manager)</strong>',
    );
    expect(
      (
        await b.post('/app/automation/decide', {
          csrf,
          org,
          action: 'approve',
          proposal: batch.proposals[0].id,
          return: path,
        })
      ).status,
    ).toBe(303);
    const updated = (await call(sb.baseUrl, `/api/v1/leases/${lease.id}`, { key: sb.key('full') })).json.data;
    expect(updated.monthly_rent).toBe(lease.monthly_rent + 25);
    expect(updated.updated_by).toBe('Dana Whitfield (Property Manager)');
    await b.post('/app/automation/decide', {
      csrf,
      org,
      action: 'dismiss',
      proposal: batch.proposals[1].id,
      return: path,
    });
    const statuses = (
      await call(sb.baseUrl, `/api/v1/proposals?batchId=${batch.batchId}`, { key: sb.key('full') })
    ).json.data;
    expect(statuses.map((p: Json) => p.status)).toEqual(['applied', 'dismissed']);
    expect(statuses[0].decidedBy).toBe('Dana Whitfield (Property Manager)');
    await b.post('/app/automation/decide', {
      csrf,
      org,
      action: 'dismiss',
      proposal: batch.proposals[0].id,
      return: path,
    });
    expect((await b.get(path)).html).toContain('already applied; it cannot be decided again');
    expect(
      (
        await call(sb.baseUrl, `/api/v1/proposals?batchId=${batch.batchId}&status=applied`, {
          key: sb.key('full'),
        })
      ).json.data,
    ).toHaveLength(1);
  });

  it('applies the approval matrix and decides whole batches', async () => {
    const { batch } = await suggestRentAndTenant();
    const b = new Browser(sb.baseUrl);
    const path = `/app/automation?batch=${batch.batchId}`;
    const csrf = csrfOf((await b.get(path)).html);
    const org = sb.org('full');
    await b.post('/app/automation/identity', { csrf, org, role: 'broker', return: path });
    const page = (await b.get(path)).html;
    expect(page).toContain('A Broker may not approve tenant changes.');
    await b.post('/app/automation/decide', {
      csrf,
      org,
      action: 'approve',
      batch: batch.batchId,
      return: path,
      confirmed: 'yes',
    });
    expect((await b.get(path)).html).toContain(
      'Approved and applied 1 of 2 pending suggestions. 1 left pending: A Broker may not approve tenant suggestions.',
    );
    await b.post('/app/automation/identity', { csrf, org, role: 'maintenance_coordinator', return: path });
    await b.post('/app/automation/decide', {
      csrf,
      org,
      action: 'dismiss',
      batch: batch.batchId,
      return: path,
      confirmed: 'yes',
    });
    let list = (await call(sb.baseUrl, `/api/v1/proposals?batchId=${batch.batchId}`, { key: sb.key('full') }))
      .json.data;
    expect(list.map((p: Json) => p.status)).toEqual(['applied', 'proposed']);
    await b.post('/app/automation/identity', { csrf, org, role: 'landlord', return: path });
    await b.post('/app/automation/decide', {
      csrf,
      org,
      action: 'approve',
      batch: batch.batchId,
      return: path,
      confirmed: 'yes',
    });
    list = (await call(sb.baseUrl, `/api/v1/proposals?batchId=${batch.batchId}`, { key: sb.key('full') }))
      .json.data;
    expect(list.map((p: Json) => p.status)).toEqual(['applied', 'applied']);
    const tenant = (await call(sb.baseUrl, `/api/v1/tenants/${list[1].resourceId}`, { key: sb.key('full') }))
      .json.data;
    expect(tenant).toMatchObject({
      name: 'Quinn Avery',
      phone: null,
      updated_by: 'Ruth Abernathy (Landlord)',
    });
  });

  it('asks before deciding a whole batch, naming each suggestion; Cancel and a bare post change nothing', async () => {
    const { batch } = await suggestRentAndTenant();
    const b = new Browser(sb.baseUrl);
    const path = `/app/automation?batch=${batch.batchId}`;
    const csrf = csrfOf((await b.get(path)).html);
    const org = sb.org('full');
    await b.post('/app/automation/identity', { csrf, org, role: 'admin', return: path });
    const asked = await b.post('/app/automation/decide', {
      csrf,
      org,
      action: 'approve',
      batch: batch.batchId,
      return: path,
    });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Approve and apply 2 pending suggestions of batch');
    for (const p of batch.proposals as Json[]) {
      expect(typeof p.summary).toBe('string');
      expect(asked.html).toContain(`<li>${String(p.summary)}</li>`);
    }
    expect(asked.html).toContain(`<a href="${path.replace(/&/g, '&amp;')}">Cancel</a>`);
    const statuses = async () =>
      (
        await call(sb.baseUrl, `/api/v1/proposals?batchId=${batch.batchId}`, { key: sb.key('full') })
      ).json.data.map((p: Json) => p.status);
    expect(await statuses()).toEqual(['proposed', 'proposed']);

    // The question's own form carries the confirmation; posting it decides the batch.
    const confirm = Object.fromEntries(
      [...asked.html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    expect(confirm).toMatchObject({ confirmed: 'yes', action: 'approve', batch: batch.batchId });
    const done = await b.post('/app/automation/decide', confirm);
    expect(done.status).toBe(303);
    expect(await statuses()).toEqual(['applied', 'applied']);
  });

  it("lists an organisation's pending queue and keeps identities per organisation", async () => {
    const { batch } = await suggestRentAndTenant();
    const b = new Browser(sb.baseUrl);
    const queue = await b.get(`/app/automation?org=${sb.org('full')}`);
    expect(queue.html).toContain(batch.proposals[0].summary.replace('&', '&amp;'));
    const other = await b.get(`/app/automation?org=${sb.org('other-org')}`);
    expect(other.html).not.toContain(batch.batchId);
    expect(other.html).toContain('Bluebonnet Rentals');
    const csrf = csrfOf(queue.html);
    await b.post('/app/automation/identity', {
      csrf,
      org: sb.org('full'),
      role: 'admin',
      return: '/app/automation',
    });
    expect((await b.get(`/app/automation?org=${sb.org('other-org')}`)).html).toContain('Choose who you are');
    // A decision posted for the wrong organisation finds nothing.
    await b.post('/app/automation/identity', {
      csrf,
      org: sb.org('other-org'),
      role: 'admin',
      return: '/app/automation',
    });
    await b.post('/app/automation/decide', {
      csrf,
      org: sb.org('other-org'),
      action: 'approve',
      proposal: batch.proposals[0].id,
      return: '/app/automation',
    });
    expect(
      (
        await call(sb.baseUrl, `/api/v1/proposals?batchId=${batch.batchId}&status=proposed`, {
          key: sb.key('full'),
        })
      ).json.data,
    ).toHaveLength(2);
    expect((await b.get('/app/automation?batch=bat_missing')).status).toBe(404);
  });

  it('refuses cross-site posts: foreign or missing Origin, no session, wrong or missing token', async () => {
    const { batch } = await suggestRentAndTenant();
    const b = new Browser(sb.baseUrl);
    const path = `/app/automation?batch=${batch.batchId}`;
    const csrf = csrfOf((await b.get(path)).html);
    const org = sb.org('full');
    await b.post('/app/automation/identity', { csrf, org, role: 'admin', return: path });
    const form = { csrf, org, action: 'approve', batch: batch.batchId, return: path };
    const attempts = [
      () => b.post('/app/automation/decide', form, { origin: 'http://evil.example' }),
      () => b.post('/app/automation/decide', form, {}),
      () => b.post('/app/automation/decide', form, { origin: sb.baseUrl, 'sec-fetch-site': 'cross-site' }),
      () => b.post('/app/automation/decide', { ...form, csrf: 'wrong' }),
      () => b.post('/app/automation/decide', { org, action: 'approve', batch: batch.batchId }),
      () => new Browser(sb.baseUrl).post('/app/automation/decide', form),
    ];
    for (const attempt of attempts) {
      const r = await attempt();
      expect(r.status).toBe(403);
      expect(r.html).toContain('Request refused');
    }
    const list = (
      await call(sb.baseUrl, `/api/v1/proposals?batchId=${batch.batchId}`, { key: sb.key('full') })
    ).json.data;
    expect(list.every((p: Json) => p.status === 'proposed')).toBe(true);
    // And the API offers no way to approve.
    for (const path2 of ['/api/v1/proposals/approve', `/api/v1/proposals/${batch.proposals[0].id}`]) {
      expect((await call(sb.baseUrl, path2, { method: 'POST', key: sb.key('full') })).status).toBe(404);
    }
  });
});
