// Waits for something the app does in the background (a send, a poll, a probe) to be seen, checking
// every few milliseconds, and fails the test when it is not seen in time.
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
