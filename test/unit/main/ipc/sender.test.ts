import { describe, expect, it } from 'vitest';
import { createSenderCheck } from '../../../../src/main/ipc/sender';

describe('sender check', () => {
  const fileApp = createSenderCheck('file:///opt/PropDesk/resources/app/out/renderer/index.html');
  const devApp = createSenderCheck('http://localhost:5173/');

  it('accepts the app’s own main frame on any hash route', () => {
    expect(
      fileApp({
        isMainFrame: true,
        url: 'file:///opt/PropDesk/resources/app/out/renderer/index.html#/c/leases?status=active',
      }),
    ).toBe(true);
    expect(devApp({ isMainFrame: true, url: 'http://localhost:5173/#/drafts' })).toBe(true);
  });

  it('fails closed on a missing frame, a subframe or another page', () => {
    expect(fileApp(null)).toBe(false);
    expect(fileApp(undefined)).toBe(false);
    expect(
      fileApp({ isMainFrame: false, url: 'file:///opt/PropDesk/resources/app/out/renderer/index.html' }),
    ).toBe(false);
    expect(fileApp({ isMainFrame: true, url: 'file:///tmp/evil.html' })).toBe(false);
    expect(
      fileApp({
        isMainFrame: true,
        url: 'file://evilhost/opt/PropDesk/resources/app/out/renderer/index.html',
      }),
    ).toBe(false);
    expect(fileApp({ isMainFrame: true, url: 'https://example.com/' })).toBe(false);
    expect(fileApp({ isMainFrame: true, url: 'not a url' })).toBe(false);
    expect(devApp({ isMainFrame: true, url: 'http://localhost:5174/' })).toBe(false);
    expect(devApp({ isMainFrame: true, url: 'http://127.0.0.1:5173/' })).toBe(false);
  });
});
