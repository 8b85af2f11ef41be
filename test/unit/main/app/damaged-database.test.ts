// A damaged database file at start-up: the app starts with a fresh one, keeps the old file aside,
// and tells the user where it went.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openTestServices } from '../../../support/test-services';

it('moves a damaged database aside and tells the user where it is', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-damaged-'));
  const garbage = randomBytes(8192);
  writeFileSync(join(dataDir, 'propdesk.sqlite'), garbage);
  const services = await openTestServices(dataDir);
  try {
    const info = await services.handlers['app.info']({});
    expect(info.notices).toHaveLength(1);
    const movedTo = /moved aside to (\S+) and/.exec(info.notices[0]!.message)?.[1];
    expect(info.notices[0]!.message).toMatch(
      /^PropDesk could not read its database .*Add your connections again/,
    );
    expect(movedTo).toBeDefined();
    expect(readFileSync(movedTo!)).toEqual(garbage);
    // The fresh database works: the demo connection is there and active.
    expect((await services.connections.list()).activeId).toBe('demo');
    expect(existsSync(join(dataDir, 'propdesk.sqlite'))).toBe(true);
  } finally {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  }
});
