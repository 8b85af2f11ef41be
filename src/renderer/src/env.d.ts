// The renderer sees the bridge only as a declared type; it never imports main or preload code.
import type { PropdeskBridge } from '../../shared/bridge';

declare global {
  interface Window {
    readonly propdesk: PropdeskBridge;
  }
}
export {};
