// Command line of the sandbox (`npm run sandbox -- --port 0 --json ...`): parses flags, starts the
// server, prints the base URL and keys (or one JSON line with --json) and closes cleanly on signals.
import { parseArgs } from 'node:util';
import { type SandboxOptions, startSandbox } from './index';
import { MAX_PAYMENT_MONTHS, RECENT_PAYMENT_MONTHS } from './seed/older-payments';
import { writePrivately } from './state-file';

const USAGE = `Usage: npm run sandbox -- [options]

Starts the local property-management service with its demo organisation, and prints its address
and API keys.

Options:
  --port N                port to listen on (default: a free one)
  --host H                address to listen on (default: 127.0.0.1)
  --seed N                seed of the demo records and of --fail-rate (default 1; same seed, same records)
  --records-scale N       multiply the demo organisation's size, 1 to 500 (default 1)
  --payment-months N      months of rent charges up to this one, 13 to 120 (default 25: the whole last
                          calendar year on any day; 13 is the older demo's span, for comparisons; a
                          state file keeps the span it was made with)
  --proposal-ttl SECONDS  how long a suggestion waits for review before it expires (default 7 days)
  --latency-ms N          delay every answer by N ms, as a remote service would
  --fail-rate P           answer this share of requests (0 to 1) with a server error, or not at all
  --rate-limit N          allow N requests a second per key; more get HTTP 429 with Retry-After
  --keys-out FILE         also write the address and keys to FILE (readable by you only)
  --state-file FILE       keep suggestions and their decisions in FILE across restarts
  --no-created-ids        list applied creates without resourceId: say nothing of the record a create made
  --etags                 send an ETag with records and listings, and answer 304 Not Modified when the
                          caller names the version it holds (If-None-Match); service-api.md promises neither
  --colleague             let a colleague add, change and remove records as in the web application:
                          POST /app/colleague/<collection>, PATCH or DELETE /app/colleague/<collection>/<id>,
                          JSON {"as": "<role>", "fields": {...}}; no key, only from this computer (for tests)
  --json                  print one JSON line (address and keys) instead of text
  --help                  print this and exit
`;

function number(name: string, raw: string | undefined, check: (n: number) => boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || !check(n))
    throw new Error(`--${name} has an invalid value "${raw}".`);
  return n;
}

export function parseCli(argv: string[]): {
  options: SandboxOptions;
  keysOut?: string;
  json: boolean;
  help: boolean;
} {
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
      'payment-months': { type: 'string' },
      'no-created-ids': { type: 'boolean', default: false },
      colleague: { type: 'boolean', default: false },
      etags: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
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
    paymentMonths: number(
      'payment-months',
      values['payment-months'],
      (n) => int(n) && n >= RECENT_PAYMENT_MONTHS && n <= MAX_PAYMENT_MONTHS,
    ),
    noCreatedIds: values['no-created-ids'] ?? false,
    colleague: values.colleague ?? false,
    etags: values.etags ?? false,
    fullKey: process.env.PROPDESK_SANDBOX_KEY || undefined,
  };
  return { options, keysOut: values['keys-out'], json: values.json ?? false, help: values.help ?? false };
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    return;
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
    if (parsed.options.colleague)
      console.log(`Colleague (from this computer only): ${sandbox.baseUrl}/app/colleague/<collection>`);
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
