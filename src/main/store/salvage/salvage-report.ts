// What a salvage kept and lost, by kind, in words for the user: connections, drafts, changes in drafts,
// submissions waiting to be sent and tracked suggestions are counted; any other table is named only
// when some of it was lost. A table that could not be read to its end says so ("at least", "some"),
// so a loss is never hidden behind the offline copy.

/** What became of one table: rows kept, rows known lost, and whether some could not be read at all. */
export interface TableFate {
  kept: number;
  lost: number;
  unread: boolean;
}

const COUNTED: Record<string, [string, string]> = {
  connections: ['connection', 'connections'],
  drafts: ['draft', 'drafts'],
  draft_changes: ['change in drafts', 'changes in drafts'],
  submissions: ['submission waiting to be sent', 'submissions waiting to be sent'],
  tracked_proposals: ['tracked suggestion', 'tracked suggestions'],
};

const NAMED: Record<string, string> = {
  settings: 'some of your settings',
  contract_cache: "the service's list of fields (read again when PropDesk connects)",
  trusted_origins: 'review addresses you had confirmed',
  keychain_pending: 'notes of keychain entries still to tidy',
  keys_to_confirm: 'which keys from an earlier PropDesk were still to be confirmed',
  since_marks: 'when you last looked at what changed',
  since_changes: 'part of what changed at the service since you last looked',
  since_told: 'which urgent requests PropDesk had already told you of',
  offline_copy_settings: 'your choice of keeping an offline copy or not',
  tracked_batches: 'part of what PropDesk knew of tracked suggestion batches',
  proposal_events: 'part of the history of tracked suggestions',
  change_links: 'which fields of drafts wait for a record another change creates',
  awaited_records: 'which created records drafts wait for',
  permission_refusals: 'permissions the service refused before',
};

/** What became of what was lost, where the user can do something about it. */
const AFTERWARDS: Record<string, string> = {
  submissions: ' (their drafts can be edited again and are marked: each may already have been sent)',
};

function count(n: number, [one, many]: [string, string]): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/**
 * The kept and lost lists of a salvage, by kind, in the order of `fates` (the counted kinds first).
 * `stoppedAfter`: seconds after which the salvage was stopped, when it was.
 */
export function salvageReport(
  fates: ReadonlyMap<string, TableFate>,
  stoppedAfter: number | undefined,
): { kept: string[]; lost: string[] } {
  const kept: string[] = [];
  const lost: string[] = [];
  const order = [...Object.keys(COUNTED), ...[...fates.keys()].filter((t) => !(t in COUNTED))];
  for (const table of order) {
    const fate = fates.get(table);
    if (!fate) continue;
    const words = COUNTED[table];
    if (words) {
      if (fate.kept > 0) kept.push(count(fate.kept, words));
      if (fate.lost > 0)
        lost.push(`${fate.unread ? 'at least ' : ''}${count(fate.lost, words)}${AFTERWARDS[table] ?? ''}`);
      else if (fate.unread) lost.push(`some ${words[1]} that could not be read`);
    } else if (fate.lost > 0 || fate.unread) {
      lost.push(NAMED[table] ?? 'other records PropDesk kept');
    }
  }
  const unique = [...new Set(lost)];
  if (stoppedAfter !== undefined)
    unique.push(`what could not be read within ${stoppedAfter} seconds (the salvage was stopped then)`);
  unique.push('the offline copy (PropDesk makes it again)');
  return { kept, lost: unique };
}
