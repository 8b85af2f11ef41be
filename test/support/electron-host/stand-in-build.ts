// Builds the two halves of the Electron stand-in once per test process: the main-process module (an
// ES module file the resolve hook points `electron` at) and the page-side script that runs the
// app's built preload with contextBridge and ipcRenderer.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
const STAND_IN = join(ROOT, 'test/support/electron-stand-in');
export const REGISTER_HOOK = join(STAND_IN, 'register.mjs');

async function bundle(entry: string, format: 'esm' | 'iife', platform: 'node' | 'browser'): Promise<string> {
  const result = await build({
    entryPoints: [join(STAND_IN, entry)],
    bundle: true,
    format,
    platform,
    target: platform === 'node' ? 'node20' : 'chrome120',
    write: false,
    ...(format === 'iife' ? { globalName: 'standInElectron' } : {}),
  });
  return result.outputFiles[0]!.text;
}

let mainModule: Promise<string> | undefined;

/** The path of the main-process stand-in module, written once per content (workers share it safely). */
export function standInMainModule(): Promise<string> {
  mainModule ??= bundle('main-electron.ts', 'esm', 'node').then((code) => {
    const dir = join(tmpdir(), 'propdesk-stand-in');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `electron-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return file;
  });
  return mainModule;
}

let rendererScript: Promise<string> | undefined;

/**
 * The script that runs in every page of a window before the page's own scripts: the stand-in's
 * renderer half and the preload, both inside one function so the page cannot reach ipcRenderer
 * (Electron keeps them in an isolated world). Like Electron with nodeIntegrationInSubFrames off, it
 * runs in the top frame only.
 */
export async function preloadScript(preloadPath: string): Promise<string> {
  rendererScript ??= bundle('renderer-electron.ts', 'iife', 'browser');
  const preload = readFileSync(preloadPath, 'utf8');
  return `(() => {
  if (window !== window.top) return;
  ${await rendererScript}
  const require = (name) => {
    if (name === 'electron') return standInElectron;
    throw new Error('module not found: ' + name);
  };
  const module = { exports: {} };
  (function (exports, require, module) {
${preload}
  })(module.exports, require, module);
})();`;
}
