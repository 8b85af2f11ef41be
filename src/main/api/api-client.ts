// ApiClient: the service's read-and-suggest interface for main. Checks inputs against what
// the service's documentation fixes before sending, checks every answer against the documented envelopes, and
// turns every failure into an ApiError. Records' own fields are left to the contract.
import type { z } from 'zod';
import {
  API_PREFIX,
  PROPOSAL_STATUSES,
  listEnvelopeSchema,
  proposalSchema,
  recordEnvelopeSchema,
  suggestionEnvelopeSchema,
  suggestionRequestSchema,
} from '../../shared/service';
import type {
  Collection,
  ProposalStatus,
  RecordPage,
  ServiceRecord,
  SuggestionResponse,
} from '../../shared/service';
import { batchIssueSentence } from '../../shared/contract';
import { noteAnswerSize } from './answer-size';
import { ApiError } from './errors/api-error';
import type { CallTarget } from './errors/call-target';
import { badResponse } from './errors/error-wording';
import { followPages } from './paging';
import { MAX_RECORD_DEPTH, nestedDeeperThan, tooDeepMessage } from './record-depth';
import { checkedPage, recordPageSchema } from './record-page';
import type { CheckedPage } from './record-page';
import { addPaging, checkCollection, checkFilter, parseBaseUrl } from './request-checks';
import type { FilterValue } from './request-checks';
import type { ReadOptions, SubmitOptions } from './scheduler/request-priority';
import { RequestScheduler } from './scheduler/request-scheduler';
import { defaultSleep } from './sleep';
import { Transport } from './transport';
import type { SendOptions } from './transport';

export type { FilterValue } from './request-checks';
export type { ReadOptions, SubmitOptions } from './scheduler/request-priority';

export interface ApiClientOptions {
  baseUrl: string;
  getApiKey: () => Promise<string | undefined> | string | undefined;
  fetch: typeof fetch;
  /**
   * The connection's scheduler, which every request of this client goes through. The connection
   * service gives each connection one, so that it can stop all of that connection's work at once;
   * a client made on its own (a benchmark, a test of one service) schedules its requests alone.
   */
  scheduler?: RequestScheduler;
  timeoutMs?: number;
  maxRetries?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Milliseconds since the epoch; used to read Retry-After dates. */
  now?: () => number;
  /** Told after each call whether the service was reached, for the connectivity monitor. */
  onOutcome?: (online: boolean) => void;
  /**
   * Told of each part of an answer PropDesk did not take as given, with the words naming it: a record
   * left out (nested too deep), a wait out of range.
   */
  onRefused?: (message: string) => void;
}

export interface ListQuery {
  filters?: Record<string, FilterValue>;
  cursor?: string;
  limit?: number;
}
export interface ProposalQuery {
  status?: ProposalStatus;
  batchId?: string;
  cursor?: string;
  limit?: number;
}
export type ProposalPage = z.infer<typeof proposalPageSchema>;

/** A proposal page from the service, with the proposals left out of it (nested too deep). */
interface CheckedProposals {
  json: unknown;
  refused: string[];
}

/** A read the caller says nothing about is one the user waits for. */
function read(options: ReadOptions): SendOptions {
  return {
    priority: options.priority ?? 'interactive',
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.order ? { order: options.order } : {}),
  };
}

const proposalPageSchema = listEnvelopeSchema(proposalSchema);
export const LIST_BODY_LIMIT = 16 * 1024 * 1024;
export const OPENAPI_BODY_LIMIT = 5 * 1024 * 1024;

export class ApiClient {
  private readonly transport: Transport;
  private readonly onRefused: ((message: string) => void) | undefined;
  readonly host: string;

  constructor(options: ApiClientOptions) {
    const base = parseBaseUrl(options.baseUrl);
    this.host = base.host;
    this.onRefused = options.onRefused;
    const sleep = options.sleep ?? defaultSleep;
    const now = options.now ?? Date.now;
    this.transport = new Transport({
      base,
      fetch: options.fetch,
      getApiKey: options.getApiKey,
      scheduler: options.scheduler ?? new RequestScheduler({ sleep, now }),
      timeoutMs: options.timeoutMs ?? 20_000,
      maxRetries: Math.max(0, options.maxRetries ?? 3),
      sleep,
      random: options.random ?? Math.random,
      now,
      ...(options.onOutcome ? { onOutcome: options.onOutcome } : {}),
      ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    });
  }

  async list(collection: Collection, query: ListQuery = {}, options: ReadOptions = {}): Promise<RecordPage> {
    const params = new URLSearchParams();
    checkCollection(collection);
    for (const [name, value] of Object.entries(query.filters ?? {}))
      params.set(name, checkFilter(collection, name, value));
    addPaging(params, query);
    const page: CheckedPage = await this.transport.send(
      {
        method: 'GET',
        path: `${API_PREFIX}/${collection}`,
        query: params,
        target: { kind: 'list', collection },
        withCursor: query.cursor !== undefined,
        maxBytes: LIST_BODY_LIMIT,
        keyRequired: true,
        parse: (json, chars) => {
          const checked =
            checkedPage(json, (id) => tooDeepMessage(this.host, collection, id)) ??
            this.envelope(recordPageSchema, json, collection);
          noteAnswerSize(checked, chars);
          return checked;
        },
      },
      read(options),
    );
    for (const refused of page.refused ?? []) this.onRefused?.(refused.message);
    return page;
  }

  async get(collection: Collection, id: string, options: ReadOptions = {}): Promise<ServiceRecord> {
    checkCollection(collection);
    if (typeof id !== 'string' || !id.trim() || id.length > 512) {
      throw new ApiError('invalid_input', 'That record ID is empty or too long.');
    }
    const envelope = await this.transport.send(
      {
        method: 'GET',
        path: `${API_PREFIX}/${collection}/${encodeURIComponent(id)}`,
        target: { kind: 'get', collection, id },
        maxBytes: LIST_BODY_LIMIT,
        keyRequired: true,
        parse: (json) => {
          const envelope = this.envelope(recordEnvelopeSchema, json, collection);
          if (nestedDeeperThan(envelope.data, MAX_RECORD_DEPTH))
            throw new ApiError('bad_response', tooDeepMessage(this.host, collection, envelope.data.id));
          return envelope;
        },
      },
      read(options),
    );
    return envelope.data;
  }

  async listProposals(query: ProposalQuery = {}, options: ReadOptions = {}): Promise<ProposalPage> {
    const params = new URLSearchParams();
    if (query.status !== undefined) {
      if (!(PROPOSAL_STATUSES as readonly string[]).includes(query.status)) {
        throw new ApiError(
          'invalid_input',
          `Suggestions can be filtered by ${PROPOSAL_STATUSES.join(', ')} only.`,
        );
      }
      params.set('status', query.status);
    }
    if (query.batchId !== undefined) {
      if (!query.batchId.trim()) throw new ApiError('invalid_input', 'The batch ID is empty.');
      params.set('batchId', query.batchId);
    }
    addPaging(params, query);
    const { page, refused } = await this.transport.send(
      {
        method: 'GET',
        path: `${API_PREFIX}/proposals`,
        query: params,
        target: { kind: 'proposals' },
        withCursor: query.cursor !== undefined,
        maxBytes: LIST_BODY_LIMIT,
        keyRequired: true,
        parse: (json, chars) => {
          const checked = this.withoutDeepProposals(json);
          const page = this.envelope(proposalPageSchema, checked.json, 'suggestions');
          noteAnswerSize(page, chars);
          return { page, ...checked };
        },
      },
      read(options),
    );
    for (const message of refused) this.onRefused?.(message);
    return page;
  }

  /** The page with proposals nested too deep to store left out, before its shape is checked. */
  private withoutDeepProposals(json: unknown): CheckedProposals {
    const data: unknown = (json as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || !data.some((p) => nestedDeeperThan(p, MAX_RECORD_DEPTH)))
      return { json, refused: [] };
    const refused: string[] = [];
    const kept = data.filter((proposal: unknown) => {
      if (!nestedDeeperThan(proposal, MAX_RECORD_DEPTH)) return true;
      const id = (proposal as { id?: unknown }).id;
      refused.push(tooDeepMessage(this.host, 'suggestions', typeof id === 'string' ? id : '(no ID)'));
      return false;
    });
    return { json: { ...(json as object), data: kept }, refused };
  }

  /** Every page of a listing, in order; stops with an error if the service repeats a cursor. */
  listAll(
    collection: Collection,
    query: Omit<ListQuery, 'cursor'> = {},
    options: ReadOptions = {},
  ): AsyncGenerator<RecordPage> {
    return followPages(
      (cursor) => this.list(collection, { ...query, ...(cursor ? { cursor } : {}) }, options),
      this.host,
      collection,
    );
  }

  listAllProposals(
    query: Omit<ProposalQuery, 'cursor'> = {},
    options: ReadOptions = {},
  ): AsyncGenerator<ProposalPage> {
    return followPages(
      (cursor) => this.listProposals({ ...query, ...(cursor ? { cursor } : {}) }, options),
      this.host,
      'suggestions',
    );
  }

  /**
   * Sends one batch of suggestions. Takes the exact serialised body so every retry sends the same
   * bytes with the same Idempotency-Key: the service then records the batch once, whatever happens.
   */
  async submitBatch(
    bodyText: string,
    idempotencyKey: string,
    options: SubmitOptions = {},
  ): Promise<SuggestionResponse> {
    if (!/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
      throw new ApiError(
        'invalid_input',
        'The submission key is missing or malformed; the batch was not sent.',
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      throw new ApiError('invalid_input', 'The batch could not be read as JSON; it was not sent.');
    }
    const checked = suggestionRequestSchema.safeParse(parsed);
    if (!checked.success) {
      throw new ApiError(
        'invalid_input',
        `The batch doesn't have the shape the service accepts, so it was not sent. ${checked.error.issues[0] ? batchIssueSentence(checked.error.issues[0]) : ''}.`,
        {
          details: {
            issues: checked.error.issues
              .slice(0, 5)
              .map((i) => ({ path: i.path.join('.'), message: batchIssueSentence(i) })),
          },
        },
      );
    }
    const target: CallTarget = {
      kind: 'submit',
      resourceTypes: checked.data.changes.map((c) => c.resourceType),
    };
    const envelope = await this.transport.send(
      {
        method: 'POST',
        path: `${API_PREFIX}/proposals`,
        body: bodyText,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
        target,
        maxBytes: LIST_BODY_LIMIT,
        keyRequired: true,
        parse: (json) => this.envelope(suggestionEnvelopeSchema, json, 'the suggestion answer'),
      },
      { priority: 'submission', ...(options.signal ? { signal: options.signal } : {}) },
    );
    return envelope.data;
  }

  /** The service's contract document, as parsed JSON (checked later by the contract compiler). */
  openapi(options: ReadOptions = {}): Promise<unknown> {
    return this.transport.send(
      {
        method: 'GET',
        path: `${API_PREFIX}/openapi.json`,
        target: { kind: 'contract' },
        maxBytes: OPENAPI_BODY_LIMIT,
        keyRequired: false,
        parse: (json) => {
          if (!json || typeof json !== 'object' || Array.isArray(json))
            throw badResponse(this.host, 'the contract is not a JSON object');
          return json;
        },
      },
      read(options),
    );
  }

  private envelope<S extends z.ZodType>(schema: S, json: unknown, what: string): z.infer<S> {
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    const issues = result.error.issues
      .slice(0, 5)
      .map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badResponse(this.host, `the answer for ${what} is missing expected parts`, { issues });
  }
}
