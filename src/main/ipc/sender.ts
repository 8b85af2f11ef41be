// Decides whether an IPC message comes from the app's own main frame. Fails closed: a missing frame,
// a subframe, or any page other than the app's own is refused.
export interface SenderInfo {
  /** True only when the sending frame is the top frame of the app's window. */
  isMainFrame: boolean;
  /** URL of the sending frame at the time of the message. */
  url: string;
}

export type SenderCheck = (sender: SenderInfo | null | undefined) => boolean;

/**
 * `appUrl` is the renderer's own entry: a file:// URL of index.html in production, the dev server's
 * origin in development. Only that document (any hash route) may call main.
 */
export function createSenderCheck(appUrl: string): SenderCheck {
  const expected = new URL(appUrl);
  return (sender) => {
    if (!sender || sender.isMainFrame !== true || typeof sender.url !== 'string') return false;
    let actual: URL;
    try {
      actual = new URL(sender.url);
    } catch {
      return false;
    }
    if (actual.protocol !== expected.protocol) return false;
    if (expected.protocol === 'file:') return actual.pathname === expected.pathname && actual.host === '';
    return actual.origin === expected.origin;
  };
}
