// Files only the user can read: the database with its -wal and -shm files, the logs, the demo
// service's state file, exports and small state files are 0600, in folders PropDesk makes 0700. Each
// test stats the real files after a real open or write. POSIX modes only: Windows has none.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellOf, writeRecordsCsv } from '../../../../src/main/export/csv-export';
import { createLogger } from '../../../../src/main/log/logger';
import { writePortfolioCsv } from '../../../../src/main/portfolio/portfolio-csv';
import { writePrivateFileSync } from '../../../../src/main/base/private-files';
import { openStore } from '../../../../src/main/store/open-store';
import { createTestServices } from '../../../support/test-services';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe.skipIf(process.platform === 'win32')('private files', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'propdesk-private-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true, maxRetries: 10 }));

  it('creates the database, its -wal and -shm files 0600 in new folders made 0700', () => {
    const file = join(root, 'fresh', 'data', 'propdesk.sqlite');
    const store = openStore(file);
    try {
      store.settings.set('probe', 'written');
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path), path).toBe('600');
      expect(mode(join(root, 'fresh', 'data'))).toBe('700');
      expect(mode(join(root, 'fresh'))).toBe('700');
    } finally {
      store.close();
    }
  });

  it('tightens a database, -wal and -shm left readable by others, and their folder', () => {
    const dir = join(root, 'older');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const file = join(dir, 'propdesk.sqlite');
    // Another connection keeps the WAL files in place, as a running older version would.
    const other = new Database(file);
    try {
      other.pragma('journal_mode = WAL');
      other.exec('CREATE TABLE other_table (x); INSERT INTO other_table VALUES (1)');
      for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
      const store = openStore(file);
      store.close();
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path), path).toBe('600');
      expect(mode(dir)).toBe('700');
    } finally {
      other.close();
    }
  });

  it('writes log files 0600 in a folder made 0700, after rotation and over older files too', () => {
    const dir = join(root, 'logs-new', 'logs');
    const file = join(dir, 'main.log');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${file}.2`, 'an older line\n', { mode: 0o644 });
    chmodSync(`${file}.2`, 0o644);
    const log = createLogger({ file, maxBytes: 1024, maxFiles: 3, console: false });
    for (let i = 0; i < 40; i++) log.info(`line ${i} ${'x'.repeat(60)}`);
    expect(existsSync(`${file}.1`)).toBe(true);
    for (const path of log.files().filter((f) => existsSync(f))) expect(mode(path), path).toBe('600');
    expect(mode(dir)).toBe('700');
  });

  it('writes a state file privately, replacing an older readable one, with no partial file left', () => {
    const dir = join(root, 'state');
    mkdirSync(dir);
    const file = join(dir, 'window-state.json');
    writeFileSync(file, '{}', { mode: 0o644 });
    chmodSync(file, 0o644);
    writePrivateFileSync(file, '{"width":1200}');
    expect(mode(file)).toBe('600');
    expect(readdirSync(dir)).toEqual(['window-state.json']);
  });

  it('writes exports 0600 and leaves the folder the user chose as it was', async () => {
    const dir = join(root, 'documents');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    async function* pages() {
      yield [{ id: 't1', name: 'Ada' }];
    }
    await writeRecordsCsv(
      join(dir, 'tenants.csv'),
      pages(),
      async () => ({ labels: {} }),
      () => undefined,
      { description: null, cell: cellOf(new Set()) },
    );
    await writePortfolioCsv(
      join(dir, 'rent-roll.csv'),
      {
        view: 'rent-roll',
        focus: null,
        title: 'Rent roll',
        groupLabel: 'Property',
        asOf: null,
        today: '2026-11-23',
        asOfDay: null,
        period: null,
        groupHeadings: true,
        missing: [],
        totals: {},
        notes: [],
        columns: [{ key: 'rent', label: 'Rent', kind: 'money' }],
        rows: [
          {
            id: 'u1',
            group: 'Dock House',
            groupKey: 'p1',
            groupNote: null,
            opens: null,
            cells: { rent: 1200 },
            flag: null,
          },
        ],
        summary: [],
      },
      { currency: 'USD', description: null },
    );
    expect(mode(join(dir, 'tenants.csv'))).toBe('600');
    expect(mode(join(dir, 'rent-roll.csv'))).toBe('600');
    expect(mode(dir)).toBe('755');
    expect(readdirSync(dir).sort()).toEqual(['rent-roll.csv', 'tenants.csv']);
  });

  it('keeps the whole app’s data private: database, logs and the demo service’s state file', async () => {
    const dataDir = join(root, 'app-data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const logFile = join(dataDir, 'logs', 'main.log');
    const services = createTestServices(dataDir, { logger: createLogger({ file: logFile, console: false }) });
    try {
      await services.clients.client().list('properties', { limit: 1 });
      services.logger.info('the demo organisation answered');
      const stateFile = join(dataDir, 'demo-service-state.json');
      expect(existsSync(stateFile)).toBe(true);
      for (const path of [
        join(dataDir, 'propdesk.sqlite'),
        join(dataDir, 'propdesk.sqlite-wal'),
        join(dataDir, 'propdesk.sqlite-shm'),
        logFile,
        stateFile,
      ])
        expect(mode(path), path).toBe('600');
      expect(mode(dataDir)).toBe('700');
      expect(mode(join(dataDir, 'logs'))).toBe('700');
    } finally {
      await services.stop();
    }
  });
});
