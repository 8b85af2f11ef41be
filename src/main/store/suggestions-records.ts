// The shapes the suggestions' store reads and writes: proposals still open, proposals as a poll saw
// them, the status changes a poll recorded, what is known of a batch, suggestions of PropDesk's own
// still waiting, and what PropDesk sent for each proposal of a batch.
import type { ProposalStatus } from '../../shared/service';

/** A stored proposal still waiting for a person, with what is needed to check it once applied. */
export interface OpenProposal {
  id: string;
  batchId: string;
  resourceType: string;
  resourceId: string | null;
  fields: Record<string, unknown> | null;
}

/** One proposal as a poll saw it at the service. */
export interface ObservedProposal {
  id: string;
  batchId: string;
  /** The batch's label if the service reported one; used only for batches made elsewhere. */
  batchLabel: string | null;
  operation: string;
  resourceType: string;
  /** The record's ID if the service reported it (e.g. the record an approved create made). */
  resourceId: string | null;
  summary: string;
  status: ProposalStatus;
  flags: unknown[];
  expiresAt: string;
  /** Who approved or dismissed it, read from the field the contract has for that; null otherwise. */
  decidedBy: string | null;
}

export interface RecordedChange {
  batchId: string;
  proposalId: string;
  status: ProposalStatus;
  /** null when the proposal was not known before this poll. */
  previous: ProposalStatus | null;
  origin: 'app' | 'external';
  label: string | null;
  /** Who decided, where the service says. */
  decidedBy: string | null;
}

export interface BatchInfo {
  batchId: string;
  origin: 'app' | 'external';
  label: string | null;
  reviewUrl: string | null;
}

/** A suggestion from PropDesk waiting for review, with what it suggests (for duplicate checks). */
export interface PendingSuggestion {
  batchId: string;
  label: string | null;
  resourceType: string;
  resourceId: string | null;
  operation: string;
  fields: Record<string, unknown>;
}

/** What PropDesk sent for each proposal, by position in the batch. */
export interface SentChange {
  resourceId: string | null;
  fields: Record<string, unknown>;
}
