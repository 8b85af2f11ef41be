// What the sandbox remembers about suggestions: batches, proposals and their flags, and how a
// proposal is shown in API answers.
import type { Operation, ProposalStatus, ResourceType } from '../../shared/service';

export interface ProposalFlag {
  code: string;
  severity: 'info' | 'warning';
  message: string;
}

export interface ProposalEntry {
  id: string;
  organisation: string;
  batchId: string;
  operation: Operation;
  resourceType: ResourceType;
  resourceId: string | null;
  fields: Record<string, unknown>;
  summary: string;
  flags: ProposalFlag[];
  status: ProposalStatus;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  /** Values of the suggested fields just before an approved update was written. */
  before: Record<string, unknown> | null;
}

export interface BatchEntry {
  id: string;
  organisation: string;
  label: string | null;
  createdAt: number;
  proposalIds: string[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The proposal as the POST answer shows it: exactly the documented fields. */
export function proposalCreatedView(p: ProposalEntry): Record<string, unknown> {
  return {
    id: p.id,
    operation: p.operation,
    resourceType: p.resourceType,
    summary: p.summary,
    status: p.status,
    flags: p.flags,
    expiresAt: iso(p.expiresAt),
  };
}

/**
 * The proposal as GET /api/v1/proposals lists it: the documented fields plus tracking detail. With
 * `hideCreatedIds` (the sandbox's --no-created-ids) a create says nothing of the record it made, as a
 * service may: service-api.md does not promise it.
 */
export function proposalListView(
  p: ProposalEntry,
  batch: BatchEntry,
  hideCreatedIds: boolean,
): Record<string, unknown> {
  return {
    id: p.id,
    batchId: p.batchId,
    label: batch.label,
    operation: p.operation,
    resourceType: p.resourceType,
    ...(hideCreatedIds && p.operation === 'create' ? {} : { resourceId: p.resourceId }),
    summary: p.summary,
    status: p.status,
    flags: p.flags,
    fields: p.fields,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    expiresAt: iso(p.expiresAt),
    decidedAt: p.decidedAt === null ? null : iso(p.decidedAt),
    decidedBy: p.decidedBy,
  };
}
