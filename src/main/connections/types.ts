// What the connection service needs from storage and from the API client, as narrow interfaces so the
// service can be tested with real parts and wired in one place.
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service';
import type { ProposalStatus, SuggestionResponse } from '../../shared/service';
import type { ReadOptions, SubmitOptions } from '../api/scheduler/request-priority';
import type { RequestScheduler } from '../api/scheduler/request-scheduler';

export type { ConnectionKind, ConnectionRow } from '../store/connection-repo';
export type { ConnectionRepository as ConnectionRepo } from '../store/connection-repo';

/**
 * The service as the rest of main uses it. Every call goes through the connection's scheduler: a read
 * says whether the user waits for it (`priority`, interactive unless said) and may be cancelled by
 * its caller (`signal`); a submission always goes first.
 */
export interface ServiceClient {
  /** The service's host, to name it in messages; a client that learns its address later has none yet. */
  readonly host?: string;
  list(
    collection: Collection,
    query: { filters?: Record<string, string>; cursor?: string; limit?: number },
    options?: ReadOptions,
  ): Promise<RecordPage>;
  get(collection: Collection, id: string, options?: ReadOptions): Promise<ServiceRecord>;
  listProposals(
    query: { status?: ProposalStatus; batchId?: string; cursor?: string; limit?: number },
    options?: ReadOptions,
  ): Promise<RecordPage>;
  openapi(options?: ReadOptions): Promise<unknown>;
  /** Sends one batch with its stored key and exact body; see ApiClient.submitBatch. */
  submitBatch(bodyText: string, idempotencyKey: string, options?: SubmitOptions): Promise<SuggestionResponse>;
}

export interface ClientEndpoint {
  baseUrl: string;
  getApiKey: () => Promise<string | undefined>;
  /** The connection's scheduler for this address and key: the client sends every request through it. */
  scheduler: RequestScheduler;
  /** Told of each record the client left out of an answer (nested too deep), in words naming it. */
  onRefused: (message: string) => void;
}

export type ClientFactory = (endpoint: ClientEndpoint, onOutcome: (online: boolean) => void) => ServiceClient;
