// Bearer authentication and scope checks. Messages never repeat the presented key.
import type { IncomingMessage } from 'node:http';
import { ApiError } from './http/api-error';
import type { ApiKey } from './keys';

export class KeyRing {
  private readonly byKey: Map<string, ApiKey>;

  constructor(readonly keys: ApiKey[]) {
    this.byKey = new Map(keys.map((k) => [k.key, k]));
  }

  authenticate(req: IncomingMessage): ApiKey {
    const header = req.headers.authorization;
    const challenge = { 'WWW-Authenticate': 'Bearer realm="PropDesk sandbox"' };
    if (!header)
      throw new ApiError(
        401,
        'unauthorized',
        'An API key is required: send the header "Authorization: Bearer <API key>".',
        undefined,
        challenge,
      );
    const match = /^Bearer +(\S+) *$/i.exec(header);
    const key = match ? this.byKey.get(match[1]!) : undefined;
    if (!key)
      throw new ApiError(
        401,
        'unauthorized',
        'The API key is not valid. Check it in the web application under "API & Automation".',
        undefined,
        {
          'WWW-Authenticate': 'Bearer realm="PropDesk sandbox", error="invalid_token"',
        },
      );
    return key;
  }
}

export function requireScope(key: ApiKey, scope: string): void {
  if (!key.scopes.includes(scope))
    throw new ApiError(403, 'forbidden', `This API key lacks the scope ${scope}.`, { requiredScope: scope });
}
