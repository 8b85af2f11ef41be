// A connection moved to another server, through the built app: without the new server's key the move
// is refused in plain words; with it, what was queued for the old server is held in main's outbox
// and main asks, in its own message box over the window, before anything goes to the new server.
// Declined, the drafts say they are held and can be withdrawn; agreed, the queued bytes go out.
import { clientOf, test, expect } from './harness/app-fixture';
import { startSandbox } from '../../src/sandbox';

const OLD_KEY = `pdk_e2e_old_${'o'.repeat(24)}`;
const NEW_KEY = `pdk_e2e_new_${'n'.repeat(24)}`;

test('queued submissions wait for main’s dialog before going to another server', async ({ app }) => {
  const { page } = app;
  const oldServer = await startSandbox({ port: 0, fullKey: OLD_KEY });
  const newServer = await startSandbox({ port: 0, fullKey: NEW_KEY });
  const oldOrigin = new URL(oldServer.baseUrl).origin;
  const newOrigin = new URL(newServer.baseUrl).origin;
  const asked = () => app.dialogs.calls.filter((c) => c.kind === 'message');
  try {
    const connection = await app.call('connections.add', {
      name: 'Head office',
      baseUrl: oldServer.baseUrl,
      apiKey: OLD_KEY,
    });
    await app.call('connections.switch', { id: connection.id });
    await app.call('contract.get');
    // The first offline copy, made from the old server by itself.
    await expect.poll(async () => (await app.call('offlineCopy.status')).state).toBe('done');
    const leases = (await clientOf(oldServer.baseUrl, OLD_KEY).list('leases', { limit: 2 })).data;
    await oldServer.close();
    // The copy left connections to the old server open for reuse; a request written onto one as the
    // server went may have arrived, so it would count as sent. Let the app find the server gone on
    // requests of no consequence first, so the submissions below are the ones refused outright.
    await app.call('connections.test', { id: connection.id }).catch(() => undefined);

    // Two drafts submitted while the old server is out of reach: both wait in the outbox.
    const drafts: string[] = [];
    for (const [i, lease] of leases.entries()) {
      const draft = await app.call('drafts.create', {
        label: `Rent change ${i + 1}`,
        changes: [
          {
            operation: 'update',
            resourceType: 'lease',
            resourceId: lease.id,
            fields: { monthly_rent: Number(lease.monthly_rent) + 10 + i },
          },
        ],
      });
      await app.call('drafts.submit', { id: draft.id, revision: draft.revision });
      drafts.push(draft.id);
    }

    // The form without a key: refused, and nothing changed.
    await app.open('#/connections');
    const card = page.getByRole('region', { name: 'Head office' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Head office' });
    await form.getByLabel('Service address').fill(newServer.baseUrl);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `Changing the address to another server needs the API key for that server. PropDesk sends a key only to the server it was given for, so enter the key for ${newOrigin} together with the new address. Nothing was changed.`,
    );
    await app.screenshot('server-move-needs-key');
    expect(
      (await app.call('connections.list')).connections.find((c) => c.id === connection.id)?.baseUrl,
    ).toBe(oldServer.baseUrl);

    // With the new server's key: main asks first whether the new address is the same service as the
    // one the offline copy was made from (no: the copy goes), then about the queued submissions. Kept held.
    app.dialogs.answerMessage(1, 1);
    await form.getByLabel(/^API key/).fill(NEW_KEY);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect.poll(() => asked().length).toBe(2);
    const [copyQuestion, question] = asked();
    expect(copyQuestion!.options.message).toBe(`Is ${newOrigin} the same service as ${oldOrigin}?`);
    expect(copyQuestion!.options.buttons).toEqual(['Keep the copy', 'Delete the copy']);
    expect(question!.windowId).not.toBeNull();
    expect(question!.options.message).toBe(
      `2 submissions were made for ${oldOrigin}; send them to ${newOrigin}?`,
    );
    expect(question!.options.buttons).toEqual([`Send to ${newOrigin}`, 'Keep held']);
    expect(question!.options.cancelId).toBe(1);

    const newClient = clientOf(newServer.baseUrl, NEW_KEY);
    await app.open(`#/drafts/${encodeURIComponent(drafts[1]!)}`);
    const panel = page.getByRole('region', { name: 'Submission' });
    await expect(
      panel.getByRole('heading', { name: 'Held: the connection now points at another server' }),
    ).toBeVisible();
    await expect(panel).toContainText(`made for ${oldOrigin}, but the connection now points at ${newOrigin}`);
    await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText(
      '2 submissions waiting — 2 held for another server',
    );
    await app.screenshot('server-move-held');
    await app.checkA11y('held submission');
    expect((await newClient.listProposals({})).data).toEqual([]);

    // A held submission can be withdrawn.
    await panel.getByRole('button', { name: 'Cancel submission' }).click();
    await expect(panel.getByRole('heading', { name: 'Submission cancelled' })).toBeVisible();

    // The other one: the panel's button asks main again, and agreeing sends it to the new server.
    await app.open(`#/drafts/${encodeURIComponent(drafts[0]!)}`);
    await expect(
      panel.getByRole('heading', { name: 'Held: the connection now points at another server' }),
    ).toBeVisible();
    app.dialogs.answerMessage(0);
    await panel.getByRole('button', { name: `Send to ${newOrigin}…` }).click();
    await expect(panel.getByRole('heading', { name: 'Sent for review' })).toBeVisible();
    expect(asked()).toHaveLength(3);
    expect(asked()[2]!.options.message).toBe(
      `1 submission was made for ${oldOrigin}; send it to ${newOrigin}?`,
    );
    const recorded = (await newClient.listProposals({})).data;
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ resourceType: 'lease', status: 'proposed' });
    await app.screenshot('server-move-sent');
  } finally {
    await oldServer.close().catch(() => undefined);
    await newServer.close();
  }
});
