// When a suggestion was decided (applied, dismissed or expired): the day of the event that gave it its
// status. Today counts the recent decisions by it and the Suggestions screen lists the same ones.
import type { TrackedProposal } from './suggestions';

/** The YYYY-MM-DD day the proposal reached its present decided status; null while it waits. */
export function decidedOn(proposal: Pick<TrackedProposal, 'status' | 'events'>): string | null {
  if (proposal.status === 'proposed') return null;
  const event = proposal.events.filter((e) => e.status === proposal.status).at(-1);
  return event ? event.at.slice(0, 10) : null;
}

/** Whether the proposal was decided on or after the day (YYYY-MM-DD). */
export const decidedSince = (proposal: Pick<TrackedProposal, 'status' | 'events'>, day: string): boolean =>
  (decidedOn(proposal) ?? '') >= day;
