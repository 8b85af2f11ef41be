// The suggestions' polls against a real sandbox over HTTP and a real SQLite file: what changes is found,
// stored with its history in one go, announced to the renderer and as a desktop notification, and
// what a poll costs in requests however many batches are finished.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { personaName } from '../../../../src/sandbox/personas';
import { compileContract } from '../../../../src/shared/contract';
import { deciderField } from '../../../../src/shared/field-roles';
import { suggestionsFixture, rentChanges } from './suggestions-fixture';
import type { SuggestionsFixture } from './suggestions-fixture';

let f: SuggestionsFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

function requestsDuring<T>(
  fx: SuggestionsFixture,
  fn: () => Promise<T>,
): Promise<{ result: T; requests: number }> {
  fx.sandbox.control.resetRequestCount();
  return fn().then((result) => ({ result, requests: fx.sandbox.control.requestCount() }));
}

describe('suggestions polls', () => {
  it('finds approvals, dismissals and expiries, stores each with its time, and announces them', async () => {
    f = await suggestionsFixture({ sandbox: { proposalTtlSeconds: 3600 } });
    const leases = await f.activeLeases(3);
    const answer = await f.submit('Rent review', rentChanges(leases));
    const [a, b, c] = answer.proposals;

    const quiet = await requestsDuring(f, () => f!.suggestions.pollOnce());
    expect(quiet.result.changes).toEqual([]);
    expect(quiet.requests).toBe(1);
    expect(quiet.result.requests).toBe(1);
    expect(f.notes).toEqual([]);

    expect(f.sandbox.control.approve(a!.id, 'property_manager').ok).toBe(true);
    expect(f.sandbox.control.dismiss(b!.id, 'landlord').ok).toBe(true);
    const decided = await requestsDuring(f, () => f!.suggestions.pollOnce());
    // The pending listing, one query for the batch that left it, and one re-read of the applied lease.
    expect(decided.requests).toBe(3);
    expect(decided.result.requests).toBe(3);
    expect(decided.result.changes.map((x) => [x.proposalId, x.status, x.previous])).toEqual([
      [a!.id, 'applied', 'proposed'],
      [b!.id, 'dismissed', 'proposed'],
    ]);
    expect(f.notes).toHaveLength(1);
    expect(f.notes[0]!.title).toBe('“Rent review”: 1 approved, 1 dismissed');
    expect(f.notes[0]!.body).toContain('1 suggestion still waiting for review');
    // Who decided, read from the field the contract has for it, in the notification and on each one.
    const manager = personaName('org_demo', 'property_manager');
    const landlord = personaName('org_demo', 'landlord');
    expect(f.notes[0]!.body).toContain(`1 suggestion approved by ${manager} and now applied`);
    expect(f.notes[0]!.body).toContain(`1 suggestion dismissed by ${landlord}`);
    expect(f.notes[0]!.body).not.toMatch(/PropDesk (changed|updated|applied)/i);
    expect(f.events.at(-1)).toEqual({
      pending: 1,
      changes: [
        { batchId: answer.batchId, proposalId: a!.id, status: 'applied' },
        { batchId: answer.batchId, proposalId: b!.id, status: 'dismissed' },
      ],
    });

    const state = f.suggestions.state();
    expect(state.counts).toEqual({ proposed: 1, applied: 1, dismissed: 1, expired: 0 });
    const batch = state.batches.find((x) => x.batchId === answer.batchId)!;
    expect(batch.origin).toBe('app');
    expect(batch.label).toBe('Rent review');
    expect(batch.message).toBe(answer.message);
    const applied = batch.proposals.find((p) => p.id === a!.id)!;
    expect(applied.events.map((e) => e.status)).toEqual(['proposed', 'applied']);
    expect(applied.live).toMatchObject({
      live: true,
      problem: null,
      fields: [
        {
          name: 'monthly_rent',
          suggested: leases[0]!.monthly_rent + 25,
          current: leases[0]!.monthly_rent + 25,
        },
      ],
    });
    expect(batch.proposals.find((p) => p.id === b!.id)!.live).toBeNull();
    expect(batch.proposals.map((p) => [p.id, p.decidedBy])).toEqual([
      [a!.id, manager],
      [b!.id, landlord],
      [c!.id, undefined],
    ]);

    // The third one expires by itself; the service says so, and the batch is then settled.
    f.sandbox.control.advanceClock(3601_000);
    const expired = await f.suggestions.pollOnce();
    expect(expired.changes.map((x) => [x.proposalId, x.status])).toEqual([[c!.id, 'expired']]);
    expect(f.notes.at(-1)!.title).toBe('“Rent review”: 1 expired');
    const settled = f.store.db
      .prepare('SELECT settled FROM tracked_batches WHERE batch_id = ?')
      .get(answer.batchId) as { settled: number };
    expect(settled.settled).toBe(1);
    const after = await requestsDuring(f, () => f!.suggestions.pollOnce());
    expect(after.requests).toBe(1);
    expect(after.result.changes).toEqual([]);
    expect(f.notes).toHaveLength(2);
  });

  it('names no one where the contract has no field for who decided (Lakeside’s)', async () => {
    const lakeside = compileContract(
      JSON.parse(readFileSync('test/fixtures/contracts/lakeside-openapi-3.1.json', 'utf8')),
    );
    expect(deciderField(lakeside)).toBeNull();
    f = await suggestionsFixture({ suggestions: { deciderField: () => deciderField(lakeside) } });
    const leases = await f.activeLeases(1);
    const answer = await f.submit('Rent review', rentChanges(leases));
    await f.suggestions.pollOnce();
    expect(f.sandbox.control.dismiss(answer.proposals[0]!.id, 'landlord').ok).toBe(true);
    await f.suggestions.pollOnce();
    expect(f.notes.map((n) => n.body)).toEqual(['1 suggestion dismissed.']);
    const proposal = f.suggestions.state().batches[0]!.proposals[0]!;
    expect(proposal.status).toBe('dismissed');
    expect(proposal).not.toHaveProperty('decidedBy');
  });

  it('keeps one request per poll however many batches are finished, and one more per batch that just left', async () => {
    f = await suggestionsFixture();
    const leases = await f.activeLeases(24);
    const finished = [];
    for (let i = 0; i < 20; i++)
      finished.push(await f.submit(`Finished ${i}`, rentChanges([leases[i]!], i + 1)));
    const pending = [];
    for (let i = 20; i < 24; i++)
      pending.push(await f.submit(`Pending ${i}`, rentChanges([leases[i]!], i + 1)));
    for (const batch of finished) f.sandbox.control.dismiss(batch.proposals[0]!.id, 'landlord');
    const first = await requestsDuring(f, () => f!.suggestions.pollOnce());
    expect(first.result.changes).toHaveLength(20);
    expect(first.requests).toBe(1 + 20);
    for (let round = 0; round < 3; round++) {
      const steady = await requestsDuring(f, () => f!.suggestions.pollOnce());
      expect(steady.requests).toBe(1);
    }
    // Two of the pending ones are decided: exactly two batch queries (dismissals need no re-read).
    f.sandbox.control.dismiss(pending[0]!.proposals[0]!.id, 'landlord');
    f.sandbox.control.dismiss(pending[1]!.proposals[0]!.id, 'landlord');
    const two = await requestsDuring(f, () => f!.suggestions.pollOnce());
    expect(two.requests).toBe(3);
    expect(f.suggestions.pending()).toBe(2);
  });

  it('asks for every batch that left the pending set at once, and reads each approved record once, all at once', async () => {
    // What the poll sent and what came back, in order, by what it asked for.
    const events: string[] = [];
    const watching: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const what = url.searchParams.get('batchId')
        ? 'batch'
        : url.pathname.includes('/leases/')
          ? 'lease'
          : 'other';
      events.push(`sent ${what}`);
      const answer = await fetch(input, init);
      events.push(`answered ${what}`);
      return answer;
    };
    f = await suggestionsFixture({ client: { fetch: watching } });
    const leases = await f.activeLeases(10);
    const batches = [];
    for (let i = 0; i < 10; i++)
      batches.push(await f.submit(`Decided ${i}`, rentChanges([leases[i]!], i + 1)));
    await f.suggestions.pollOnce();
    for (const batch of batches) f.sandbox.control.approve(batch.proposals[0]!.id, 'landlord');
    events.length = 0;
    const report = await f.suggestions.pollOnce();
    expect(report.changes).toHaveLength(10);
    const firstAnswer = (what: string) => events.indexOf(`answered ${what}`);
    const sent = (what: string) => events.filter((e) => e === `sent ${what}`).length;
    // Ten batch queries, every one sent before the first was answered; then ten lease reads likewise.
    expect(sent('batch')).toBe(10);
    expect(events.slice(0, firstAnswer('batch')).filter((e) => e === 'sent batch')).toHaveLength(10);
    expect(sent('lease')).toBe(10);
    expect(events.slice(0, firstAnswer('lease')).filter((e) => e === 'sent lease')).toHaveLength(10);
    expect(report.requests).toBe(1 + 10 + 10);
  });

  it('shows batches made outside PropDesk apart, without values or notifications', async () => {
    f = await suggestionsFixture();
    const leases = await f.activeLeases(2);
    const outside = await f.submitElsewhere('Made by a script', rentChanges(leases));
    await f.suggestions.pollOnce();
    const batch = f.suggestions.state().batches.find((b) => b.batchId === outside.batchId)!;
    expect(batch.origin).toBe('external');
    expect(batch.hasReviewLink).toBe(false);
    expect(batch.proposals.map((p) => [p.id, p.status, p.fields])).toEqual(
      outside.proposals.map((p) => [p.id, 'proposed', null]),
    );
    f.sandbox.control.approve(outside.proposals[0]!.id, 'property_manager');
    const report = await f.suggestions.pollOnce();
    expect(report.changes.map((c) => c.status)).toEqual(['applied']);
    expect(f.notes).toEqual([]);
    expect(f.events.at(-1)!.changes).toEqual([
      { batchId: outside.batchId, proposalId: outside.proposals[0]!.id, status: 'applied' },
    ]);
  });

  it('reports an applied record whose value moved on as not live', async () => {
    f = await suggestionsFixture();
    const leases = await f.activeLeases(2);
    const first = await f.submit('First', rentChanges([leases[0]!], 10));
    const second = await f.submit('Second', rentChanges([leases[0]!], 20));
    f.sandbox.control.approve(first.proposals[0]!.id, 'property_manager');
    f.sandbox.control.approve(second.proposals[0]!.id, 'property_manager');
    await f.suggestions.pollOnce();
    const byId = new Map(
      f.suggestions
        .state()
        .batches.flatMap((b) => b.proposals)
        .map((p) => [p.id, p]),
    );
    expect(byId.get(first.proposals[0]!.id)!.live).toMatchObject({
      live: false,
      fields: [
        {
          name: 'monthly_rent',
          suggested: leases[0]!.monthly_rent + 10,
          current: leases[0]!.monthly_rent + 20,
        },
      ],
    });
    expect(byId.get(second.proposals[0]!.id)!.live!.live).toBe(true);
  });

  it('records nothing and announces nothing when a poll fails', async () => {
    f = await suggestionsFixture({ client: { maxRetries: 0 } });
    const leases = await f.activeLeases(1);
    const answer = await f.submit('Offline', rentChanges(leases));
    f.sandbox.control.approve(answer.proposals[0]!.id, 'property_manager');
    await f.sandbox.close();
    await f.suggestions.refresh();
    const state = f.suggestions.state();
    expect(state.pollProblem).toMatch(/\S/);
    expect(state.pollProblem).not.toMatch(/Bearer|pdk_/);
    expect(state.counts.proposed).toBe(1);
    expect(f.notes).toEqual([]);
  });
});
