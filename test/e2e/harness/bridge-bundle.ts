// Bundles the page side of the harness (bridge-entry.ts with the real preload bridge) into one script.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

let cached: Promise<string> | undefined;

export function bridgeScript(): Promise<string> {
  cached ??= build({
    entryPoints: [fileURLToPath(new URL('./bridge-entry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
  }).then((r) => r.outputFiles[0]!.text);
  return cached;
}
