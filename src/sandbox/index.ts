// The sandbox's entry point: startSandbox() builds the demo data, listens on a loopback port and
// returns the base URL, the API keys and in-process controls for tests. The CLI uses it too.
import type { AddressInfo } from 'node:net';
import type { Collection } from '../shared/service';
import { KeyRing } from './auth';
import { ColleagueDesk } from './colleague/colleague-desk';
import { SandboxCore } from './core';
import { FaultInjector } from './faults';
import { ConditionalAnswers } from './http/conditional-answers';
import { HostAllowList } from './http/host-allow-list';
import { type ApiKey, createKeys } from './keys';
import { buildOpenApi } from './openapi/document';
import { type PersonaRole } from './personas';
import { type DecisionOutcome, decide } from './proposals/decide';
import { RateLimiter } from './rate-limit';
import { ReviewPage } from './review-page/review-routes';
import { RECORD_SCHEMAS } from './schemas/registry';
import { DEMO_PROFILE, OTHER_PROFILE } from './seed/words';
import { createSandboxServer } from './server';
import { SYSTEM_TIME } from './system-time';
import type { SandboxTime } from './system-time';
import type { StoredRecord } from './store/record-store';

export type { ApiKey } from './keys';
export type { SandboxTime } from './system-time';
export type { PersonaRole } from './personas';
export type { DecisionOutcome } from './proposals/decide';
export { PERSONA_ROLES, APPROVAL_MATRIX, personaName } from './personas';
export { StateFileError } from './state-file';

export const DEFAULT_PROPOSAL_TTL_SECONDS = 604_800;

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the demo data and of fault injection; default 1. */
  seed?: number;
  /** Multiplies the demo organisation's data; default 1. 48 gives over 100,000 payments. */
  recordsScale?: number;
  /** Seconds until an unreviewed proposal expires; default 604800 (7 days). */
  proposalTtlSeconds?: number;
  latencyMs?: number;
  /** Share (0..1) of API requests answered 500/502/503 or dropped. */
  failRate?: number;
  /** Requests per second per key before 429. */
  rateLimit?: number;
  stateFile?: string;
  /** Value of the `full` key (the CLI takes it from PROPDESK_SANDBOX_KEY). */
  fullKey?: string;
  /** Months of rent charges up to this month; default 25 (13 keeps the older demo's span). */
  paymentMonths?: number;
  /**
   * Opens /app/colleague (loopback only, no key): a colleague adding, changing and removing records as
   * in the web application. Never passed by the app's own demo.
   */
  colleague?: boolean;
  /** The proposal listing leaves out which record an applied create made. */
  noCreatedIds?: boolean;
  /**
   * Records and listings carry an ETag, and a read naming the version it holds (If-None-Match) is
   * answered 304 with no body. Never passed by the app's own demo: service-api.md promises neither.
   */
  etags?: boolean;
  /**
   * Real time as the rate limit's one-second windows and the added latency see it; the system's by
   * default. Tests pass a clock they move, so what they check never depends on how busy the machine is.
   */
  time?: SandboxTime;
}

export interface SandboxControl {
  approve(proposalId: string, persona: PersonaRole): DecisionOutcome;
  dismiss(proposalId: string, persona: PersonaRole): DecisionOutcome;
  /** Moves the virtual clock (used for proposal expiry and decision times) forward. */
  advanceClock(ms: number): void;
  now(): Date;
  /** Adds a record as if created in the web application; validated against the record schema. */
  createRecord(
    collection: Collection,
    organisation: string,
    fields: Record<string, unknown>,
  ): Record<string, unknown>;
  requestCount(): number;
  /** How many of those were refused as over the rate limit (429), since the last reset. */
  limitedCount(): number;
  resetRequestCount(): void;
  /** Reads answered 304 Not Modified (with `etags`). */
  unchangedCount(): number;
}

export interface Sandbox {
  baseUrl: string;
  keys: ApiKey[];
  close(): Promise<void>;
  control: SandboxControl;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? 1;
  const core = new SandboxCore({
    seed,
    recordsScale: options.recordsScale ?? 1,
    proposalTtlMs: (options.proposalTtlSeconds ?? DEFAULT_PROPOSAL_TTL_SECONDS) * 1000,
    ...(options.stateFile ? { stateFile: options.stateFile } : {}),
    ...(options.paymentMonths !== undefined ? { paymentMonths: options.paymentMonths } : {}),
    noCreatedIds: options.noCreatedIds ?? false,
  });
  const keys = createKeys(DEMO_PROFILE.id, OTHER_PROFILE.id, options.fullKey);
  const time = options.time ?? SYSTEM_TIME;
  let requests = 0;
  let limited = 0;
  let openapiJson = '';
  const conditional = options.etags ? new ConditionalAnswers() : undefined;
  const api = { core, keys: new KeyRing(keys), origin: '', openapiJson: () => openapiJson, conditional };
  const hosts = new HostAllowList();
  const server = createSandboxServer({
    api,
    hosts,
    review: new ReviewPage(core, hosts),
    colleague: options.colleague ? new ColleagueDesk(core, hosts) : undefined,
    faults: options.failRate ? new FaultInjector(options.failRate, seed) : undefined,
    rateLimiter: options.rateLimit ? new RateLimiter(options.rateLimit, time.now) : undefined,
    latencyMs: options.latencyMs ?? 0,
    sleep: time.sleep,
    onApiRequest: () => void (requests += 1),
    onLimited: () => void (limited += 1),
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  hosts.listening(host, port);
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  api.origin = baseUrl;
  openapiJson = JSON.stringify(buildOpenApi(baseUrl));

  const control: SandboxControl = {
    approve: (id, persona) => decide(core, id, persona, 'approve'),
    dismiss: (id, persona) => decide(core, id, persona, 'dismiss'),
    advanceClock: (ms) => core.clock.advance(ms),
    now: () => new Date(core.clock.now()),
    createRecord(collection, organisation, fields) {
      const nowIso = core.clock.nowIso();
      const schema = RECORD_SCHEMAS[collection];
      const draft: Record<string, unknown> = {
        ...fields,
        id: core.store.nextId(organisation, collection),
        created_at: nowIso,
        updated_at: nowIso,
        updated_by: 'Sandbox control (System)',
      };
      const record = schema.parse(
        Object.fromEntries(Object.keys(schema.shape).map((k) => [k, draft[k]])),
      ) as StoredRecord;
      core.mutate({ kind: 'create', organisation, collection, seq: 0, record });
      core.persist();
      return record;
    },
    requestCount: () => requests,
    limitedCount: () => limited,
    resetRequestCount: () => {
      requests = 0;
      limited = 0;
    },
    unchangedCount: () => conditional?.unchangedCount ?? 0,
  };

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    keys,
    control,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => core.persist());
      return closing;
    },
  };
}
