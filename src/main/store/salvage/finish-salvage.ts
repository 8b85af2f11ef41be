// Finishes a salvage in the side file, whatever the salvage process managed before it ended or was
// stopped: rows whose parents were lost go too (counted with their kind), a draft whose submission was
// lost becomes editable and marked as possibly sent (linked to a batch already tracked with its label),
// and what was kept and lost is written into the file itself for the start-up notice.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { RECOVERED_KEY } from '../recovery-notice';
import type { StoreRecovery } from '../recovery-notice';
import { registerSqlFunctions } from '../sql-functions';
import { carriedTables } from './carried-tables';
import { PROGRESS_TABLE } from './salvage-into';
import type { TableOutcome } from './salvage-into';
import { salvageReport } from './salvage-report';
import type { TableFate } from './salvage-report';

/** How the salvage process ended. */
export type SalvageEnd = { kind: 'done' } | { kind: 'failed' } | { kind: 'stopped'; afterSeconds: number };

export function finishSalvage(
  side: string,
  end: SalvageEnd,
  about: Pick<StoreRecovery, 'reason' | 'detail' | 'movedTo'>,
  now: Date,
): StoreRecovery {
  const db = new Database(side, { fileMustExist: true });
  try {
    registerSqlFunctions(db);
    db.pragma('foreign_keys = OFF');
    return db.transaction(() => {
      const outcomes = new Map(
        (db.prepare(`SELECT * FROM ${PROGRESS_TABLE}`).all() as Array<Record<string, number | string>>).map(
          (r) => [String(r.name), r],
        ),
      );
      const lostDrafts = draftsKnownLost(db);
      const orphans = removeOrphans(db);
      const maybeSent = reopenLostSubmissions(db, now.toISOString());
      const fates = new Map<string, TableFate>();
      for (const table of carriedTables(db)) {
        const outcome = outcomes.get(table) as unknown as TableOutcome | undefined;
        fates.set(table, {
          kept: keptOf(db, table),
          lost: (outcome ? Number(outcome.failed) : 0) + (orphans.get(table) ?? 0),
          unread: !outcome || Boolean(outcome.damaged) || Boolean(outcome.refused),
        });
      }
      const drafts = fates.get('drafts');
      if (drafts) drafts.lost = Math.max(drafts.lost, lostDrafts);
      const submissions = fates.get('submissions');
      if (submissions) submissions.lost = maybeSent;
      const recovery: StoreRecovery = {
        ...about,
        ...salvageReport(fates, end.kind === 'stopped' ? end.afterSeconds : undefined),
      };
      db.exec(`DROP TABLE ${PROGRESS_TABLE}`);
      db.prepare(`INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, ?)`).run(
        RECOVERED_KEY,
        JSON.stringify(recovery),
        now.toISOString(),
      );
      return recovery;
    })();
  } finally {
    db.close();
  }
}

/** Drafts whose changes came through without them: lost, though their changes say they existed. */
function draftsKnownLost(db: Db): number {
  return db
    .prepare(
      'SELECT count(DISTINCT draft_id) FROM draft_changes WHERE draft_id NOT IN (SELECT id FROM drafts)',
    )
    .pluck()
    .get() as number;
}

/** Deletes rows whose parents were lost (until none are left), and counts them by table. */
function removeOrphans(db: Db): Map<string, number> {
  const removed = new Map<string, number>();
  for (;;) {
    const orphans = db.pragma('foreign_key_check') as Array<{ table: string; rowid: number }>;
    if (orphans.length === 0) return removed;
    for (const { table, rowid } of orphans) {
      db.prepare(`DELETE FROM "${table}" WHERE rowid = ?`).run(rowid);
      removed.set(table, (removed.get(table) ?? 0) + 1);
    }
  }
}

/**
 * Drafts being submitted whose open submission (key and body) was lost: nobody knows whether the
 * service recorded their batch. Editable again, marked since now, and linked to the newest batch
 * already tracked from elsewhere with the same label; later batches are linked as the poll finds them.
 */
function reopenLostSubmissions(db: Db, at: string): number {
  const reopened = db
    .prepare(
      `UPDATE drafts SET state = 'editing', revision = revision + 1, maybe_sent_since = @at, updated_at = @at
       WHERE state = 'submitting' AND NOT EXISTS (
         SELECT 1 FROM submissions s WHERE s.draft_id = drafts.id AND s.state IN ('queued', 'sending'))`,
    )
    .run({ at }).changes;
  db.prepare(
    `UPDATE drafts SET maybe_sent_batch = (
       SELECT b.batch_id FROM tracked_batches b
        WHERE b.connection_id = drafts.connection_id AND b.label = drafts.label AND b.origin = 'external'
        ORDER BY b.rowid DESC LIMIT 1)
     WHERE maybe_sent_since = @at AND maybe_sent_batch IS NULL`,
  ).run({ at });
  return reopened;
}

/** Rows kept of a table, as the user counts them: the demo connection comes with every database. */
function keptOf(db: Db, table: string): number {
  if (table === 'connections')
    return db.prepare("SELECT count(*) FROM connections WHERE kind <> 'demo'").pluck().get() as number;
  if (table === 'submissions')
    return db
      .prepare("SELECT count(*) FROM submissions WHERE state IN ('queued', 'sending')")
      .pluck()
      .get() as number;
  return db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
}
