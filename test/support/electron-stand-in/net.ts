// Electron's net.fetch is Chromium's network stack; here it is Node's fetch. The test host can take
// the computer offline, and then every request fails as Chromium's does without a network.
class StandInNet implements Pick<Electron.Net, 'fetch' | 'isOnline'> {
  private offline = false;

  setOffline(offline: boolean): void {
    this.offline = offline;
  }

  isOnline(): boolean {
    return !this.offline;
  }

  fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    if (this.offline) return Promise.reject(new TypeError('net::ERR_INTERNET_DISCONNECTED'));
    return globalThis.fetch(input, init);
  }
}

export const net = new StandInNet();
