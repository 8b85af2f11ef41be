// Electron's session: the permission handlers and the response-header hook the app installs. The
// stand-in keeps them so the test host can ask them what they answer (see inspect.ts).
type PermissionRequestHandler = Parameters<Electron.Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Electron.Session['setPermissionCheckHandler']>[0];

type WebRequestSurface = Pick<Electron.WebRequest, 'onHeadersReceived'>;
type SessionSurface = Pick<Electron.Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

type HeadersListener = (
  details: Electron.OnHeadersReceivedListenerDetails,
  callback: (response: Electron.HeadersReceivedResponse) => void,
) => void;

class StandInWebRequest implements WebRequestSurface {
  readonly headerHooks: HeadersListener[] = [];

  onHeadersReceived(listener: HeadersListener | null): void;
  onHeadersReceived(filter: Electron.WebRequestFilter, listener: HeadersListener | null): void;
  onHeadersReceived(
    first: Electron.WebRequestFilter | HeadersListener | null,
    second?: HeadersListener | null,
  ): void {
    const listener = typeof first === 'function' ? first : second;
    if (listener) this.headerHooks.push(listener);
  }
}

export class StandInSession implements SessionSurface {
  readonly webRequest = new StandInWebRequest();
  permissionRequest: PermissionRequestHandler = null;
  permissionCheck: PermissionCheckHandler = null;

  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequest = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.permissionCheck = handler;
  }
}

const defaultSession = new StandInSession();

export const session = {
  get defaultSession() {
    return defaultSession;
  },
};
