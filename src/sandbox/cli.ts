// Command line of the sandbox (`npm run sandbox -- --port 0 --json ...`): parses flags, starts the
// server, prints the base URL and keys (or one JSON line with --json) and closes cleanly on signals.
import { parseArgs } from 'node:util';
import { type SandboxOptions, startSandbox } from './index';
import { writePrivately } from './state-file';

const USAGE =
  'Usage: npm run sandbox -- [--port N] [--host H] [--seed N] [--records-scale N] [--proposal-ttl SECONDS] [--latency-ms N] [--fail-rate P] [--rate-limit N] [--keys-out FILE] [--state-file FILE] [--json]';

function number(name: string, raw: string | undefined, check: (n: number) => boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || !check(n))
    throw new Error(`--${name} has an invalid value "${raw}".`);
  return n;
}

export function parseCli(argv: string[]): { options: SandboxOptions; keysOut?: string; json: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'records-scale': { type: 'string' },
      'proposal-ttl': { type: 'string' },
      'latency-ms': { type: 'string' },
      'fail-rate': { type: 'string' },
      'rate-limit': { type: 'string' },
      'keys-out': { type: 'string' },
      'state-file': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const int = (n: number) => Number.isInteger(n) && n >= 0;
  const options: SandboxOptions = {
    port: number('port', values.port, (n) => int(n) && n <= 65535),
    host: values.host,
    seed: number('seed', values.seed, int),
    recordsScale: number('records-scale', values['records-scale'], (n) => int(n) && n >= 1 && n <= 500),
    proposalTtlSeconds: number('proposal-ttl', values['proposal-ttl'], (n) => n > 0),
    latencyMs: number('latency-ms', values['latency-ms'], (n) => n >= 0),
    failRate: number('fail-rate', values['fail-rate'], (n) => n >= 0 && n <= 1),
    rateLimit: number('rate-limit', values['rate-limit'], (n) => int(n) && n >= 1),
    stateFile: values['state-file'],
    fullKey: process.env.PROPDESK_SANDBOX_KEY || undefined,
  };
  return { options, keysOut: values['keys-out'], json: values.json ?? false };
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const sandbox = await startSandbox(parsed.options);
  const ready = { baseUrl: sandbox.baseUrl, keys: sandbox.keys };
  if (parsed.keysOut) writePrivately(parsed.keysOut, `${JSON.stringify(ready, null, 2)}\n`);
  if (parsed.json) process.stdout.write(`${JSON.stringify(ready)}\n`);
  else {
    console.log(`PropDesk sandbox listening at ${sandbox.baseUrl}`);
    console.log(
      `Review page: ${sandbox.baseUrl}/app/automation   Contract: ${sandbox.baseUrl}/api/v1/openapi.json`,
    );
    for (const k of sandbox.keys)
      console.log(`  ${k.name.padEnd(16)} ${k.key}  ${k.organisation}  ${k.scopes.join(' ')}`);
  }
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(`The sandbox could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
