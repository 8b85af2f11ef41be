// What the connection service needs from storage and from the API client, as narrow interfaces so the
// service can be tested with real parts and wired in one place.
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service';
import type { ProposalStatus, SuggestionResponse } from '../../shared/service';

export type { ConnectionKind, ConnectionRow } from '../store/connection-repo';
export type { ConnectionRepository as ConnectionRepo } from '../store/connection-repo';

export interface ServiceClient {
  /** The service's host, to name it in messages; a client that learns its address later has none yet. */
  readonly host?: string;
  list(
    collection: Collection,
    query: { filters?: Record<string, string>; cursor?: string; limit?: number },
    signal?: AbortSignal,
  ): Promise<RecordPage>;
  get(collection: Collection, id: string, signal?: AbortSignal): Promise<ServiceRecord>;
  listProposals(
    query: { status?: ProposalStatus; batchId?: string; cursor?: string; limit?: number },
    signal?: AbortSignal,
  ): Promise<RecordPage>;
  openapi(signal?: AbortSignal): Promise<unknown>;
  /** Sends one batch with its stored key and exact body; see ApiClient.submitBatch. */
  submitBatch(bodyText: string, idempotencyKey: string, signal?: AbortSignal): Promise<SuggestionResponse>;
}

export interface ClientEndpoint {
  baseUrl: string;
  getApiKey: () => Promise<string | undefined>;
}

export type ClientFactory = (endpoint: ClientEndpoint, onOutcome: (online: boolean) => void) => ServiceClient;
