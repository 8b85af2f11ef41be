// The demo organisation can be started with a short expiry, so a landlord trying PropDesk sees a
// suggestion expire without waiting a week: the choice is kept, the demo service starts again with
// it, and a suggestion made afterwards expires that long after it was made.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { DEMO_CONNECTION_ID } from '../../../../src/main/connections/connection-service';
import { createTestServices } from '../../../support/test-services';

describe('the demo organisation’s expiry', () => {
  let dataDir: string;
  let services: AppServices;
  afterEach(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('starts the demo service again with the chosen expiry, kept across a restart', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-demo-expiry-'));
    services = createTestServices(dataDir);
    await services.connections.switchTo(DEMO_CONNECTION_ID);
    expect(services.connections.demoExpiry()).toEqual({ seconds: null });
    expect(await services.connections.setDemoExpiry(600)).toEqual({ seconds: 600 });

    const client = services.clients.client();
    const [lease] = (await client.list('leases', { limit: 1 })).data;
    const answer = await client.submitBatch(
      JSON.stringify({
        label: 'Short expiry',
        changes: [
          {
            operation: 'update',
            resourceType: 'lease',
            resourceId: lease!.id,
            fields: { monthly_rent: 1234 },
          },
        ],
      }),
      `propdesk-expiry-${process.pid}`,
    );
    // Ten minutes after the service made it, by the service's own clock.
    const [made] = (await client.listProposals({ batchId: answer.batchId })).data;
    expect(made!.expiresAt).toBe(answer.proposals[0]!.expiresAt);
    expect(Date.parse(String(made!.expiresAt)) - Date.parse(String(made!.createdAt))).toBe(600_000);

    await services.stop();
    services = createTestServices(dataDir);
    expect(services.connections.demoExpiry()).toEqual({ seconds: 600 });
  });
});
