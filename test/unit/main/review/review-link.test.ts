import { describe, expect, it } from 'vitest';
import { decideReviewLink } from '../../../../src/main/review/review-link';

const policy = {
  trustedOrigins: ['https://pm.example.com', 'https://app.example.com'],
  confirmedOrigins: [],
  batchId: 'bat_42',
};
const good = 'https://app.example.com/app/automation?batch=bat_42';

function hostileUrls(): string[] {
  const path = '/app/automation?batch=bat_42';
  const schemes = [
    'javascript:alert(1)//',
    'JaVaScRiPt:alert(1)',
    'vbscript:msgbox',
    'file:///etc/passwd?batch=bat_42',
    'file://server/share?batch=bat_42',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD4=',
    'smb://server/share?batch=bat_42',
    'ftp://app.example.com' + path,
    'chrome://settings',
    'about:blank',
    'blob:https://app.example.com/uuid',
    'ms-settings:',
    'mailto:x@example.com',
    'tel:123',
    'ws://app.example.com' + path,
    'wss://app.example.com' + path,
    'view-source:https://app.example.com' + path,
  ];
  const unc = ['\\\\server\\share\\x', '\\\\?\\C:\\x', '//server/share' + path, '\\\\app.example.com' + path];
  const userinfo = [
    'https://user@app.example.com' + path,
    'https://user:pw@app.example.com' + path,
    'https://app.example.com@evil.test' + path,
    'https://app.example.com:443@evil.test' + path,
    'https://:@app.example.com' + path,
  ];
  const lookalikes = [
    'app.example.com.evil.test',
    'app-example.com',
    'appexample.com',
    'app.examp1e.com',
    'app.example.co',
    'app.example.com.',
    'xn--app-example-9xa.com',
    'app.xn--exmple-cua.com',
    'evil.test',
    'example.com',
    'sub.app.example.com',
    'app.example.comm',
    'pm.example.com.evil.test',
    '127.0.0.1.nip.io',
    'localhost.evil.test',
  ];
  const unicode = [
    'аpp.example.com',
    'app.exаmple.com',
    'app.example.com\u2024evil',
    'app.ｅxample.com',
    'app.example.com\u200b',
    'ａpp.example.com',
  ];
  const controls = [
    '\u0000',
    '\u0001',
    '\t',
    '\n',
    '\r',
    ' ',
    '\u007f',
    '\u0085',
    '\u00a0',
    '\u2028',
    '\u202e',
    '\ufeff',
  ];
  const out: string[] = [...schemes, ...unc, ...userinfo];
  for (const host of [...lookalikes, ...unicode]) {
    out.push(`https://${host}${path}`, `http://${host}${path}`, `https://${host}:8443${path}`);
  }
  for (const c of controls) {
    out.push(
      `https://app.example.com${c}${path}`,
      `${c}javascript:alert(1)`,
      `https://app.exam${c}ple.com${path}`,
      `java${c}script:alert(1)`,
      `https${c}://app.example.com${path}`,
      `https://app.example.com${path}${c}`,
    );
  }
  const others = [
    'https://app.example.com:8443' + path,
    'http://app.example.com' + path,
    'http://pm.example.com' + path,
    'https://pm.example.com:444' + path,
    'http://10.0.0.5' + path,
    'http://192.168.1.1' + path,
    'http://[fe80::1]' + path,
    'http://0.0.0.0' + path,
    'http://2130706433' + path.replace('?', '/x?'),
    'https:app.example.com' + path,
    'https:/app.example.com' + path,
    'https:\\\\app.example.com' + path,
    '/app/automation?batch=bat_42',
    '?batch=bat_42',
    '',
    'https://',
    'https://app.example.com/app/automation?batch=other',
    'https://app.example.com/app/automation',
    'https://app.example.com/app/automation?batch=bat_42x',
    'https://app.example.com/app/automation?batch=BAT_42',
  ];
  out.push(...others);
  out.push(
    'https://app.example.com' + path + '&x=' + 'a'.repeat(3000),
    'https://' + 'a'.repeat(5000) + '.com' + path,
  );
  for (let i = 0; i < 120; i++)
    out.push(
      `https://evil${i}.test${path}`,
      `javascript:void(${i})`,
      `https://app.example.com${path}%0${i % 10}\u0000`,
    );
  return out;
}

describe('review link', () => {
  it('opens a trusted https review address, re-serialised', () => {
    expect(decideReviewLink(good, policy)).toEqual({ kind: 'open', url: good });
    expect(decideReviewLink('HTTPS://APP.EXAMPLE.COM/app/automation?batch=bat_42', policy)).toEqual({
      kind: 'open',
      url: good,
    });
  });

  it('allows plain http only for a service on this computer', () => {
    const local = { ...policy, trustedOrigins: ['http://127.0.0.1:4010'] };
    expect(decideReviewLink('http://127.0.0.1:4010/app/automation?batch=bat_42', local).kind).toBe('open');
    expect(
      decideReviewLink('http://localhost:4010/app/automation?batch=bat_42', {
        ...policy,
        trustedOrigins: ['http://localhost:4010'],
      }).kind,
    ).toBe('open');
  });

  it('asks once for a new origin, then opens it', () => {
    const url = 'https://review.other.test/app/automation?batch=bat_42';
    expect(decideReviewLink(url, policy)).toEqual({
      kind: 'confirm',
      url,
      origin: 'https://review.other.test',
    });
    expect(decideReviewLink(url, { ...policy, confirmedOrigins: ['https://review.other.test'] }).kind).toBe(
      'open',
    );
  });

  it('opens none of at least 500 hostile addresses', () => {
    const hostile = hostileUrls();
    expect(hostile.length).toBeGreaterThanOrEqual(500);
    const opened = hostile.filter((u) => decideReviewLink(u, policy).kind === 'open');
    expect(opened).toEqual([]);
    // Anything not refused outright is a genuine https page of another origin, shown to the user first.
    for (const u of hostile) {
      const d = decideReviewLink(u, policy);
      if (d.kind === 'confirm') {
        expect(d.url.startsWith('https://')).toBe(true);
        expect(policy.trustedOrigins).not.toContain(d.origin);
      }
    }
  });
});
