// A PropDesk main process for crash tests, run as its own Node process against a sandbox: it opens
// the app's services on a data folder and then either edits a draft (printing each acknowledged edit)
// or submits every editable draft and drains the outbox, killing itself at a chosen checkpoint.
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import type { OutboxCheckpoint } from '../../src/main/drafts/outbox';
import { createAppServices } from '../../src/main/app/app-services';
import { testPorts } from './test-services';
import { keyAccount } from '../../src/main/base/key-account';

const [mode = '', dataDir = '', connectionId = '', point = 'none', nth = '0'] = process.argv.slice(2);
const apiKey = process.env.CRASH_CHILD_KEY ?? '';

function killAt(name: string) {
  let seen = 0;
  return ({ point }: { point: OutboxCheckpoint }) => {
    if (point !== name) return;
    seen++;
    // SIGKILL: no exit handlers, no flush, exactly like a power cut for this process.
    if (seen === Number(nth)) process.kill(process.pid, 'SIGKILL');
  };
}

async function main(): Promise<void> {
  const secrets = new MemorySecretStore();
  const services = createAppServices({ ...testPorts(dataDir), secrets });
  const { baseUrl } = services.store.connections.get(connectionId)!;
  await secrets.set(keyAccount(connectionId, baseUrl), apiKey);
  // Subscribed before start(): start() resumes the outbox, and its first step may be the one to stop at.
  if (point !== 'none') services.outbox.checkpoints.subscribe(killAt(point));
  services.start();
  if (mode === 'edit') {
    const draftId = process.argv[7] ?? '';
    const leaseId = process.argv[8] ?? '';
    for (let i = 0; i < 10_000; i++) {
      const detail = services.drafts.putChange(draftId, {
        id: `edit-${i % 150}`,
        operation: 'update',
        resourceType: 'lease',
        resourceId: leaseId,
        fields: { monthly_rent: 1000 + i },
      });
      process.stdout.write(`ok ${i} ${detail.revision}\n`);
    }
  } else {
    for (const draft of services.drafts.list().drafts) {
      if (draft.state === 'editing') await services.drafts.submit(draft.id, draft.revision);
    }
    for (;;) {
      await services.outbox.kick();
      if (services.outbox.waiting() === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await services.stop();
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
