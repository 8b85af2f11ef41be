// Whether a connection comes from this computer, read from the socket's own remote address (never from
// a header a client could write): 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6 address.

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}
