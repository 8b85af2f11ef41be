// window.propdesk as a screen test meets it at the bridge: no contract read yet, no connections,
// every event subscription a no-op; a test adds the channels its screen reads.
const none = () => () => undefined;

export function stubBridge(channels: Record<string, unknown>): void {
  (window as unknown as { propdesk: unknown }).propdesk = {
    contract: {
      get: async () => ({ ok: false, error: { code: 'offline', message: 'No contract in this test' } }),
      onChanged: none,
    },
    connections: {
      list: async () => ({
        ok: true,
        data: { connections: [], activeId: null, keychain: { persistent: true, undeleted: 0 } },
      }),
      onChanged: none,
    },
    offlineCopy: { onProgress: none },
    exports: { onProgress: none },
    drafts: { onChanged: none, list: async () => ({ ok: true, data: { drafts: [] } }) },
    ...channels,
  };
}
