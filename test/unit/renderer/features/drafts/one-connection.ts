// main's connections.list as the renderer's tests meet it at the bridge: one remote connection, active,
// whose amounts are in the chosen currency.
export function oneConnection(currency = 'USD') {
  return async () => ({
    ok: true,
    data: {
      connections: [
        {
          id: 'c1',
          name: 'Acme',
          baseUrl: 'https://api.acme.example',
          webOrigin: null,
          kind: 'remote',
          hasKey: true,
          keyState: 'stored',
          currency,
          currencySource: 'chosen',
        },
      ],
      activeId: 'c1',
      keychain: { persistent: true, undeleted: 0 },
    },
  });
}
