// The state file: proposals, decisions, applied changes, idempotency records and the cursor secret
// survive a restart; a damaged file is reported, not discarded.
import { chmodSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFileError } from '../../../src/sandbox';
import { call, postProposals, readAll, start, type Json } from '../../support/helpers';

describe('state file', () => {
  it('keeps proposals, approvals, applied changes, idempotency and cursors across a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'pd-state-')), 'state.json');
    const first = await start({ stateFile });
    const lease = (
      await call(first.baseUrl, '/api/v1/leases?status=active&limit=1', { key: first.key('full') })
    ).json.data[0];
    const body = {
      changes: [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { monthly_rent: lease.monthly_rent + 5 },
        },
        {
          operation: 'create',
          resourceType: 'tenant',
          fields: { name: 'Rae Stone', email: 'rae@example.com', status: 'future', is_active: true },
        },
        {
          operation: 'create',
          resourceType: 'tenant',
          fields: { name: 'Pending Person', email: 'pp@example.com', status: 'future', is_active: true },
        },
      ],
    };
    const post = await postProposals(first.baseUrl, first.key('full'), body, 'persist-1');
    const [update, create] = post.json.data.proposals;
    expect(first.control.approve(update.id, 'admin').ok).toBe(true);
    const created = first.control.approve(create.id, 'admin');
    const cursor = (await call(first.baseUrl, '/api/v1/tenants?limit=50', { key: first.key('full') })).json
      .nextCursor;
    await first.close();

    const second = await start({ stateFile });
    try {
      expect(second.key('full')).not.toBe(first.key('full'));
      const again = (await call(second.baseUrl, `/api/v1/leases/${lease.id}`, { key: second.key('full') }))
        .json.data;
      expect(again).toMatchObject({
        monthly_rent: lease.monthly_rent + 5,
        updated_by: 'Morgan Ellis (Admin)',
      });
      const tenantId = created.ok ? (created.proposal.resourceId as string) : '';
      expect(
        (await call(second.baseUrl, `/api/v1/tenants/${tenantId}`, { key: second.key('full') })).json.data
          .name,
      ).toBe('Rae Stone');
      const statuses = (
        await call(second.baseUrl, `/api/v1/proposals?batchId=${post.json.data.batchId}`, {
          key: second.key('full'),
        })
      ).json.data.map((p: Json) => p.status);
      expect(statuses).toEqual(['applied', 'applied', 'proposed']);
      const replay = await postProposals(second.baseUrl, second.key('full'), body, 'persist-1');
      expect(replay.status).toBe(201);
      expect(replay.text).toBe(post.text);
      expect(
        (
          await postProposals(
            second.baseUrl,
            second.key('full'),
            { changes: body.changes.slice(1) },
            'persist-1',
          )
        ).status,
      ).toBe(409);
      const next = await call(
        second.baseUrl,
        `/api/v1/tenants?limit=50&cursor=${encodeURIComponent(cursor)}`,
        { key: second.key('full') },
      );
      expect(next.status).toBe(200);
      expect(next.json.data.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).format).toBe('propdesk-sandbox-state');
  });

  it('reports a damaged state file clearly and leaves it untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-state-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"format":"propdesk-sandbox-state", "vers');
    await expect(start({ stateFile: broken })).rejects.toThrow(StateFileError);
    await expect(start({ stateFile: broken })).rejects.toThrow(/damaged/);
    expect(readFileSync(broken, 'utf8')).toBe('{"format":"propdesk-sandbox-state", "vers');
    const wrongShape = join(dir, 'shape.json');
    writeFileSync(wrongShape, JSON.stringify({ format: 'propdesk-sandbox-state', version: 1, seed: 1 }));
    await expect(start({ stateFile: wrongShape })).rejects.toThrow(/damaged/);
    const otherSeed = join(dir, 'seed.json');
    await (await start({ stateFile: otherSeed, seed: 1 })).close();
    await expect(start({ stateFile: otherSeed, seed: 2 })).rejects.toThrow(/--seed 1/);
  });

  it('keeps the span of payments it was made with: 13 months for a file from before the choice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-state-'));
    const payments = async (sb: Awaited<ReturnType<typeof start>>) =>
      (await readAll(sb.baseUrl, sb.key('full'), '/api/v1/payments?limit=100')).length;
    const shorter = await start({ paymentMonths: 13 });
    const longer = await start();
    const counts = { shorter: await payments(shorter), longer: await payments(longer) };
    await Promise.all([shorter.close(), longer.close()]);
    expect(counts.longer).toBeGreaterThan(counts.shorter);

    // A file written before the span could be chosen names none: its changes were made to 13 months.
    const older = join(dir, 'older.json');
    await (await start({ stateFile: older, paymentMonths: 13 })).close();
    const saved = JSON.parse(readFileSync(older, 'utf8'));
    expect(saved.paymentMonths).toBe(13);
    delete saved.paymentMonths;
    writeFileSync(older, JSON.stringify(saved));
    const reopened = await start({ stateFile: older });
    expect(await payments(reopened)).toBe(counts.shorter);
    await reopened.close();
    await expect(start({ stateFile: older, paymentMonths: 25 })).rejects.toThrow(
      /made with --seed 1 --records-scale 1 --payment-months 13; start with those values/,
    );

    const fresh = join(dir, 'fresh.json');
    await (await start({ stateFile: fresh })).close();
    const again = await start({ stateFile: fresh });
    expect(await payments(again)).toBe(counts.longer);
    await again.close();
  });

  it.skipIf(process.platform === 'win32')(
    'is written 0600, in folders it makes 0700, even over an older readable file or a stale temp file',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pd-state-'));
      const fresh = join(dir, 'new', 'deeper', 'state.json');
      await (await start({ stateFile: fresh })).close();
      expect(statSync(fresh).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'new', 'deeper')).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'new')).mode & 0o777).toBe(0o700);

      // A file from an older run, and a temp file a crash left under this process id, both readable by all.
      const older = join(dir, 'older.json');
      await (await start({ stateFile: older })).close();
      chmodSync(older, 0o644);
      writeFileSync(`${older}.${process.pid}.tmp`, 'left over', { mode: 0o644 });
      chmodSync(`${older}.${process.pid}.tmp`, 0o644);
      const again = await start({ stateFile: older });
      again.control.advanceClock(1000);
      await again.close();
      expect(statSync(older).mode & 0o777).toBe(0o600);
      expect(readdirSync(dir).sort()).toEqual(['new', 'older.json']);
    },
  );
});
