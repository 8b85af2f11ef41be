// The currency of each connection: the computer's region unless one is chosen, kept in the SQLite
// file across restarts, validated as an ISO 4217 code at IPC and in the service, and added to
// databases written before it existed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_ID } from '../../../../src/main/connections/connection-service';
import { connectionCurrency, systemLocale } from '../../../../src/main/connections/connection-currency';
import { migrate } from '../../../../src/main/store/migrations/migrate';
import { MIGRATIONS } from '../../../../src/main/store/migrations/migrations';
import { openStore } from '../../../../src/main/store/open-store';
import { CHANNELS } from '../../../../src/shared/ipc';
import { currencyForLocale } from '../../../../src/shared/money';
import { createTestServices } from '../../../support/test-services';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-currency-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 }));

const regionCurrency = currencyForLocale(systemLocale());

describe('connection currency', () => {
  it('follows the region until one is chosen, and keeps the choice across a restart', async () => {
    const dir = join(dataDir, 'choice');
    const first = createTestServices(dir);
    try {
      const demo = (await first.connections.list()).connections[0]!;
      expect(demo).toMatchObject({
        id: DEMO_CONNECTION_ID,
        currency: regionCurrency,
        currencySource: 'region',
      });
      // The demo organisation's currency may be chosen like any other's.
      const chosen = await first.connections.update({ id: DEMO_CONNECTION_ID, currency: 'EUR' });
      expect(chosen).toMatchObject({ currency: 'EUR', currencySource: 'chosen' });
      const added = await first.connections.add({
        name: 'Tokyo office',
        baseUrl: 'https://pm.example.jp',
        apiKey: 'key-0123456789',
        currency: 'JPY',
      });
      expect(added).toMatchObject({ currency: 'JPY', currencySource: 'chosen' });
    } finally {
      await first.stop();
    }
    const second = createTestServices(dir);
    try {
      const listed = (await second.connections.list()).connections;
      expect(listed.map((c) => [c.name, c.currency, c.currencySource])).toEqual([
        ['Demo organisation', 'EUR', 'chosen'],
        ['Tokyo office', 'JPY', 'chosen'],
      ]);
      const back = await second.connections.update({ id: DEMO_CONNECTION_ID, currency: null });
      expect(back).toMatchObject({ currency: regionCurrency, currencySource: 'region' });
      // Other edits leave the choice alone.
      const renamed = await second.connections.update({ id: listed[1]!.id, name: 'Tokyo' });
      expect(renamed.currency).toBe('JPY');
    } finally {
      await second.stop();
    }
  });

  it('refuses a code that is not ISO 4217, at IPC and in the service, and changes nothing', async () => {
    const update = CHANNELS['connections.update'].args;
    expect(update.safeParse({ id: 'demo', currency: 'GBP' }).success).toBe(true);
    expect(update.safeParse({ id: 'demo', currency: null }).success).toBe(true);
    for (const bad of ['gbp', 'EURO', 'ABC', '', 826]) {
      const parsed = update.safeParse({ id: 'demo', currency: bad });
      expect(parsed.success, String(bad)).toBe(false);
    }
    expect(update.safeParse({ id: 'demo', currency: 'ABC' }).error?.issues[0]?.message).toMatch(
      /three-letter code, such as USD/,
    );
    const services = createTestServices(join(dataDir, 'refuse'));
    try {
      await expect(services.connections.update({ id: DEMO_CONNECTION_ID, currency: 'ABC' })).rejects.toThrow(
        /not a currency code/,
      );
      expect((await services.connections.list()).connections[0]?.currencySource).toBe('region');
    } finally {
      await services.stop();
    }
  });

  it('works the default out from the locale’s region', () => {
    expect(connectionCurrency({ currency: null }, 'en-GB')).toEqual({ currency: 'GBP', source: 'region' });
    expect(connectionCurrency({}, 'fr-CA')).toEqual({ currency: 'CAD', source: 'region' });
    expect(connectionCurrency({ currency: 'CHF' }, 'en-GB')).toEqual({ currency: 'CHF', source: 'chosen' });
  });

  it('adds the column to a database written before currencies, with every connection following its region', () => {
    const file = join(dataDir, 'old.sqlite');
    const db = new Database(file);
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 3),
      () => new Date(),
    );
    db.prepare(
      "INSERT INTO connections (id, name, base_url, web_origin, kind, created_at, updated_at) VALUES ('c1', 'Old', 'https://pm.example.com', NULL, 'remote', 'x', 'x')",
    ).run();
    db.close();
    const store = openStore(file);
    try {
      expect(store.connections.get('c1')).toMatchObject({ name: 'Old', currency: null });
      store.connections.update('c1', { currency: 'AUD' });
      expect(store.connections.get('c1')?.currency).toBe('AUD');
      expect(() => store.db.prepare("UPDATE connections SET currency = 'aud' WHERE id = 'c1'").run()).toThrow(
        /CHECK/,
      );
    } finally {
      store.close();
    }
  });
});
