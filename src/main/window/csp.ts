// Content-Security-Policy of the renderer. The renderer never talks to the network itself (main does),
// so connect-src is 'none'; scripts only from the app bundle. Inline styles are allowed because the
// dialog library sets scroll-lock styles at run time; scripts never are.
export const PRODUCTION_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Development only: the dev server's module graph and hot reload need its origin and an inline preamble. */
export function developmentCsp(devOrigin: string): string {
  const ws = devOrigin.replace(/^http/, 'ws');
  return PRODUCTION_CSP.replace(
    "script-src 'self'",
    `script-src 'self' 'unsafe-inline' ${devOrigin}`,
  ).replace("connect-src 'none'", `connect-src ${devOrigin} ${ws}`);
}
