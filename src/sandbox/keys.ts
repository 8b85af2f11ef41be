// The sandbox's API keys: random per start (or the `full` key given by the app through
// PROPDESK_SANDBOX_KEY), each bound to one organisation and a set of scopes.
import { randomInt } from 'node:crypto';
import {
  COLLECTIONS,
  PROPOSALS_READ_SCOPE,
  RESOURCE_TYPES,
  proposeScope,
  readScope,
} from '../shared/service';

export interface ApiKey {
  name: string;
  key: string;
  organisation: string;
  scopes: string[];
}

export const READ_SCOPES = [...COLLECTIONS.map(readScope), PROPOSALS_READ_SCOPE];
export const PROPOSE_SCOPES = RESOURCE_TYPES.map(proposeScope);
export const ALL_SCOPES = [...READ_SCOPES, ...PROPOSE_SCOPES];

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

export function generateKey(): string {
  let out = 'pdk_';
  for (let i = 0; i < 40; i++) out += BASE62[randomInt(62)];
  return out;
}

export function createKeys(demoOrg: string, otherOrg: string, fullKey?: string): ApiKey[] {
  if (fullKey !== undefined && !KEY_SHAPE.test(fullKey))
    throw new Error('PROPDESK_SANDBOX_KEY must be 20 to 200 characters of letters, digits, "_" or "-".');
  return [
    { name: 'full', key: fullKey ?? generateKey(), organisation: demoOrg, scopes: ALL_SCOPES },
    { name: 'readonly', key: generateKey(), organisation: demoOrg, scopes: READ_SCOPES },
    { name: 'properties-only', key: generateKey(), organisation: demoOrg, scopes: [readScope('properties')] },
    { name: 'other-org', key: generateKey(), organisation: otherOrg, scopes: ALL_SCOPES },
  ];
}
