// Re-drafting tracked suggestions into a new draft, and opening a batch's review page: the stored
// address is checked, a new origin is put to the user in main's own message box and, once trusted,
// remembered in the database; hostile addresses are never opened nor asked about. Real sandbox, real
// SQLite; the shell and the message box are replaced by recorders.
import { afterEach, describe, expect, it } from 'vitest';
import type { Confirmation } from '../../../../src/main/confirmation';
import { openStore } from '../../../../src/main/store/open-store';
import type { ConnectionRow } from '../../../../src/main/store/connection-repo';
import { SuggestionsRepository } from '../../../../src/main/store/suggestions-repo';
import { redraft, redraftLabel } from '../../../../src/main/suggestions/redraft';
import { readCurrent } from '../../../../src/main/drafts/current-records';
import type { RecordTarget } from '../../../../src/main/drafts/current-records';
import { ReviewOpener } from '../../../../src/main/suggestions/review-opener';
import { suggestionsFixture, rentChanges } from './suggestions-fixture';
import type { SuggestionsFixture } from './suggestions-fixture';

let f: SuggestionsFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

describe('re-draft', () => {
  it('clones dismissed or expired suggestions, or the whole batch, into a new editable draft', async () => {
    f = await suggestionsFixture({ sandbox: { proposalTtlSeconds: 60 } });
    const leases = await f.activeLeases(3);
    const answer = await f.submit('Rent review', rentChanges(leases));
    const [a, b, c] = answer.proposals;
    f.sandbox.control.approve(a!.id, 'property_manager');
    f.sandbox.control.dismiss(b!.id, 'landlord');
    f.sandbox.control.advanceClock(61_000);
    await f.suggestions.pollOnce();

    const read = (fx: SuggestionsFixture) => (targets: readonly RecordTarget[]) =>
      readCurrent(fx.client, targets);
    const one = await redraft(f.repo, f.store.drafts, f.connection.id, answer.batchId, read(f), [
      b!.id,
      c!.id,
    ]);
    const draft = f.store.drafts.get(f.connection.id, one);
    expect(draft.label).toBe('Rent review (again)');
    expect(draft.state).toBe('editing');
    expect(
      f.store.drafts.changes(one).map((x) => [x.operation, x.resourceType, x.resourceId, x.fields]),
    ).toEqual([
      ['update', 'lease', leases[1]!.id, { monthly_rent: leases[1]!.monthly_rent + 25 }],
      ['update', 'lease', leases[2]!.id, { monthly_rent: leases[2]!.monthly_rent + 25 }],
    ]);

    // Each record is read again now: the new draft shows current values, not "not read".
    expect(f.store.drafts.changes(one).map((x) => x.snapshot?.monthly_rent)).toEqual([
      leases[1]!.monthly_rent,
      leases[2]!.monthly_rent,
    ]);

    const whole = await redraft(f.repo, f.store.drafts, f.connection.id, answer.batchId, read(f));
    expect(f.store.drafts.changes(whole)).toHaveLength(3);

    await expect(
      redraft(f.repo, f.store.drafts, f.connection.id, answer.batchId, read(f), [a!.id]),
    ).rejects.toThrow(/already applied/);
    await expect(redraft(f.repo, f.store.drafts, f.connection.id, 'bat_nope', read(f))).rejects.toThrow(
      /not tracked/,
    );
  });

  it('drafts again without current values when the service can’t be reached, as it would offline', async () => {
    f = await suggestionsFixture();
    const leases = await f.activeLeases(1);
    const answer = await f.submit('Rent review', rentChanges(leases));
    const unreachable = async (targets: readonly RecordTarget[]) =>
      targets.map((t) => ({
        id: t.resourceId,
        state: 'unread' as const,
        message: 'Can’t reach the service.',
      }));
    const id = await redraft(f.repo, f.store.drafts, f.connection.id, answer.batchId, unreachable);
    expect(f.store.drafts.changes(id).map((x) => [x.resourceId, x.snapshot])).toEqual([
      [leases[0]!.id, null],
    ]);
  });

  it('refuses suggestions made outside PropDesk, whose values it never knew', async () => {
    f = await suggestionsFixture();
    const outside = await f.submitElsewhere('Script', rentChanges(await f.activeLeases(1)));
    await f.suggestions.pollOnce();
    f.sandbox.control.dismiss(outside.proposals[0]!.id, 'landlord');
    await f.suggestions.pollOnce();
    const before = f.store.drafts.list(f.connection.id).length;
    await expect(
      redraft(f.repo, f.store.drafts, f.connection.id, outside.batchId, (t) => readCurrent(f!.client, t)),
    ).rejects.toThrow(/made outside PropDesk/);
    expect(f.store.drafts.list(f.connection.id)).toHaveLength(before);
  });

  it('keeps long labels within the draft limit', () => {
    expect(redraftLabel(null)).toBe('Suggestions (again)');
    expect(redraftLabel('x'.repeat(200)).length).toBeLessThanOrEqual(200);
  });
});

/** An opener whose message box answers `answers` in turn (unscripted: declined) and records what it asked. */
function openerOf(
  repo: SuggestionsRepository,
  connection: () => ConnectionRow,
  apiBaseUrl: (connection: ConnectionRow) => Promise<string | null>,
  answers: boolean[] = [],
) {
  const opened: string[] = [];
  const asked: Confirmation[] = [];
  const opener = new ReviewOpener({
    repo,
    active: connection,
    apiBaseUrl,
    openApprovedLink: async (d) => void opened.push(d.url),
    confirm: async (question) => {
      asked.push(question);
      return answers.shift() ?? false;
    },
  });
  return { opener, opened, asked };
}

describe('review.open', () => {
  it('asks main’s message box about a new origin: declined opens nothing, trusted opens and is remembered', async () => {
    f = await suggestionsFixture();
    const answer = await f.submit('Review me', rentChanges(await f.activeLeases(1)));
    // The API lives elsewhere: the sandbox's review page is on an origin not yet trusted.
    const api = async () => 'https://api.example.com/v1';
    const { opener, opened, asked } = openerOf(f.repo, () => f!.connection, api, [false, true]);
    const origin = new URL(f.sandbox.baseUrl).origin;

    expect(await opener.open(answer.batchId)).toEqual({ outcome: 'declined', origin });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ confirm: 'Trust and open', cancel: 'Don’t open' });
    expect(asked[0]!.message).toContain(origin);
    expect(asked[0]!.detail).toContain(f.connection.name);
    expect(opened).toEqual([]);
    expect(f.repo.confirmedOrigins(f.connection.id)).toEqual([]);

    expect(await opener.open(answer.batchId)).toEqual({ outcome: 'opened', origin });
    expect(asked).toHaveLength(2);
    expect(opened).toEqual([new URL(answer.reviewUrl).href]);

    // Remembered across a restart: a fresh repository over the same file opens without asking.
    const again = new SuggestionsRepository(openStore(f.store.file).db, () => new Date());
    expect(again.confirmedOrigins(f.connection.id)).toEqual([origin]);
    const second = openerOf(again, () => f!.connection, api);
    expect(await second.opener.open(answer.batchId)).toEqual({ outcome: 'opened', origin });
    expect(second.asked).toEqual([]);
    expect(second.opened).toEqual([new URL(answer.reviewUrl).href]);
  });

  it('moves a demo review address from an earlier run to the demo service’s current port', async () => {
    f = await suggestionsFixture();
    const answer = await f.submit('Demo', rentChanges(await f.activeLeases(1)));
    const old = answer.reviewUrl.replace(/:\d+\//, ':1/');
    f.store.db
      .prepare('UPDATE tracked_batches SET review_url = ? WHERE batch_id = ?')
      .run(old, answer.batchId);
    const { opener, opened, asked } = openerOf(
      f.repo,
      () => ({ ...f!.connection, kind: 'demo', baseUrl: 'Runs on this computer' }),
      async () => f!.sandbox.baseUrl,
    );
    expect((await opener.open(answer.batchId)).outcome).toBe('opened');
    expect(opened).toEqual([new URL(answer.reviewUrl).href]);
    expect(asked).toEqual([]);
  });

  it('opens the API origin without asking, and never opens nor asks about a hostile stored address', async () => {
    f = await suggestionsFixture();
    const answer = await f.submit('Review me', rentChanges(await f.activeLeases(1)));
    // Every question would be answered yes: a hostile address must be refused before any is asked.
    const yes = Array.from({ length: 10 }, () => true);
    const { opener, opened, asked } = openerOf(
      f.repo,
      () => f!.connection,
      async (c) => c.baseUrl,
      yes,
    );
    expect((await opener.open(answer.batchId)).outcome).toBe('opened');
    const hostile = [
      'javascript:alert(1)',
      `file:///etc/passwd?batch=${answer.batchId}`,
      `https://user:pw@app.example.com/app/automation?batch=${answer.batchId}`,
      `http://evil.test/app/automation?batch=${answer.batchId}`,
      `${f.sandbox.baseUrl}/app/automation?batch=someone_else`,
    ];
    for (const url of hostile) {
      f.store.db
        .prepare('UPDATE tracked_batches SET review_url = ? WHERE batch_id = ?')
        .run(url, answer.batchId);
      await expect(opener.open(answer.batchId)).rejects.toThrow(/did not open/);
    }
    expect(opened).toHaveLength(1);
    expect(asked).toEqual([]);
    await expect(opener.open('bat_unknown')).rejects.toThrow(/not tracked/);
  });
});
