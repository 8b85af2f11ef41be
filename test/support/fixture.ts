// Reads a contract fixture from test/fixtures/contracts as parsed JSON.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export function loadFixture(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../fixtures/contracts', name), 'utf8'),
  ) as Record<string, unknown>;
}
