// The packaged app's Electron fuses: each one that hardens the binary is set in electron-builder.yml,
// so a packaged PropDesk cannot be run as plain Node, take NODE_OPTIONS or --inspect, or load code
// from outside its checked asar.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const config = load(
  readFileSync(resolve(import.meta.dirname, '../../../../electron-builder.yml'), 'utf8'),
) as {
  electronFuses?: Record<string, unknown>;
};

const REQUIRED: Record<string, boolean> = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  onlyLoadAppFromAsar: true,
  enableEmbeddedAsarIntegrityValidation: true,
  enableCookieEncryption: true,
};

describe('electron-builder.yml', () => {
  it.each(Object.entries(REQUIRED))('sets the fuse %s to %s', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value);
  });

  it('keeps file URLs privileged, because the window loads its ES modules from file://', () => {
    expect(config.electronFuses?.grantFileProtocolExtraPrivileges).not.toBe(false);
  });
});
