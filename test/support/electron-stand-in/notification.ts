// Electron's Notification: shown notifications go to the test host, which records them.
import { tellHost } from './link';

type NotificationSurface = Pick<Electron.Notification, 'title' | 'body' | 'silent' | 'show'>;

export class StandInNotification implements NotificationSurface {
  title: string;
  body: string;
  silent: boolean;

  static isSupported(): boolean {
    return true;
  }

  constructor(options: Electron.NotificationConstructorOptions = {}) {
    this.title = options.title ?? '';
    this.body = options.body ?? '';
    this.silent = options.silent ?? false;
  }

  show(): void {
    tellHost({ kind: 'notification', title: this.title, body: this.body });
  }
}
