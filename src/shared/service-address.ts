// Which addresses may receive the API key: https anywhere, plain http only to this computer. One rule
// for the IPC schemas (renderer input), the connection service (stored addresses) and the API client.

export const SERVICE_ADDRESS_RULE =
  'PropDesk sends your API key only to https:// addresses, or to http:// on this computer (localhost, 127.x.x.x or [::1]).';

/**
 * True for the loopback names PropDesk trusts with plain http. Takes a WHATWG-parsed hostname, so the
 * spellings the parser rewrites (127.1, 2130706433, 0x7f.0.0.1, [0:0::1]) arrive here already normalised.
 */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** Why this address may not carry the API key, in words for the user; undefined when it may. */
export function serviceAddressProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `That is not a web address. ${SERVICE_ADDRESS_RULE}`;
  }
  if (url.username || url.password) return 'Put the API key in its own field, not in the address.';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return isLoopbackHostname(url.hostname)
      ? undefined
      : `Plain http:// would send your API key unencrypted to ${url.hostname}. ${SERVICE_ADDRESS_RULE}`;
  }
  return `${url.protocol.replace(/:$/, '')}: addresses are not allowed. ${SERVICE_ADDRESS_RULE}`;
}
