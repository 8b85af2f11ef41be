// A screen that crashes in the window is reported to main and lands in main's log file, through the
// real dispatcher and handlers, with anything shaped like an API key redacted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { createDispatcher } from '../../../../src/main/ipc/dispatch';
import { createLogger } from '../../../../src/main/log/logger';
import { createTestServices } from '../../../support/test-services';

const trusted = { isMainFrame: true, url: 'file:///app/index.html' };

describe('renderer crash reports', () => {
  let dataDir: string;
  let services: AppServices;
  let logFile: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-crash-'));
    logFile = join(dataDir, 'logs', 'main.log');
    services = createTestServices(dataDir, { logger: createLogger({ file: logFile, console: false }) });
  });
  afterAll(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('lands in the log file with its message and stacks, and no key', async () => {
    const dispatcher = createDispatcher(
      services.handlers,
      (s) => s === trusted,
      services.mapError,
      services.logger,
    );
    const key = 'pdk_Cr4shKeyQ8w2E6r9T1y5U3i7O';
    const res = await dispatcher.dispatch(trusted, 'app.reportCrash', {
      message: `Cannot read properties of undefined (reading 'rent') while using ${key}`,
      stack: `TypeError: Cannot read properties of undefined\n    at RentCell (rent-cell.tsx:12:7)\n    Authorization: Bearer ${key}`,
      componentStack: '\n    at RentCell\n    at RecordGrid\n    at CollectionView',
    });
    expect(res).toEqual({ ok: true, data: { logged: true } });
    const log = readFileSync(logFile, 'utf8');
    const line = log.split('\n').find((l) => l.includes('RentCell'));
    expect(line).toBeDefined();
    expect(line).toMatch(/ERROR/);
    expect(line).toContain("Cannot read properties of undefined (reading 'rent')");
    expect(line).toContain('at RecordGrid');
    expect(line).toContain('[redacted]');
    expect(log).not.toContain(key);
  });
});
