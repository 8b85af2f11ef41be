// Waits for something the app does in the background (a send, a poll, a probe) to be seen, checking
// every few milliseconds, and fails the test when it is not seen in time (patiently: a busy machine is
// slow, and the wait ends as soon as the state is there).
import { PATIENCE_MS } from './patience';

export async function until(check: () => boolean | Promise<boolean>, ms = PATIENCE_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
