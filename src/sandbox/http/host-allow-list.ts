// The names the sandbox answers to, against DNS rebinding: a page whose own name was pointed at this
// computer arrives with that name in Host and Origin. Allowed are the loopback names on the port the
// server actually listens on, and the host it was bound to on purpose (--host), on that port.

export class HostAllowList {
  private hosts = new Set<string>();

  /** Called once the server listens, with the host it was bound to and the port it got. */
  listening(boundHost: string, port: number): void {
    const bound = boundHost.includes(':') ? `[${boundHost}]` : boundHost;
    const names = ['127.0.0.1', 'localhost', '[::1]', bound.toLowerCase()];
    // Browsers leave the default port out of Host and Origin.
    this.hosts = new Set(names.flatMap((name) => (port === 80 ? [`${name}:80`, name] : [`${name}:${port}`])));
  }

  /** True when a Host header names this server. Host names are case-insensitive. */
  allows(host: string | undefined): boolean {
    return host !== undefined && this.hosts.has(host.toLowerCase());
  }

  /** True when an Origin header is one of this server's own pages. */
  allowsOrigin(origin: string | undefined): boolean {
    return (
      origin !== undefined && origin.startsWith('http://') && this.allows(origin.slice('http://'.length))
    );
  }
}
