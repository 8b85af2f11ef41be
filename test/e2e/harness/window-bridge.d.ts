// The app's bridge as page code sees it, for tests that call it through page.evaluate.
import type { PropdeskBridge } from '../../../src/shared/bridge';

declare global {
  interface Window {
    propdesk: PropdeskBridge;
  }
}
