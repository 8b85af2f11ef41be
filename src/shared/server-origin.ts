// Which server an address names: its origin (scheme, host and port). An API key belongs to one server,
// and a queued submission to the server it was made for; a change of path on the same server is
// neither. The demo's placeholder address ("Runs on this computer") is not a URL and names itself.

export function serverOf(address: string): string {
  try {
    const origin = new URL(address).origin;
    return origin === 'null' ? address : origin;
  } catch {
    return address;
  }
}

export function sameServer(a: string, b: string): boolean {
  return serverOf(a) === serverOf(b);
}

/** A submission made for one server whose connection now points at another: held until the user agrees. */
export interface Hold {
  madeFor: string;
  now: string;
}

export function holdBetween(madeFor: string, current: string): Hold | null {
  if (sameServer(madeFor, current)) return null;
  return { madeFor: serverOf(madeFor), now: serverOf(current) };
}
