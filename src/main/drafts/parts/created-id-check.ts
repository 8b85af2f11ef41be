// The check a created record's ID passes before it fills a later part: the service may be wrong or
// hostile, and an ID it names goes straight into a suggestion the landlord sends. It must be a safe ID
// (a fixed rule, and the contract's pattern where it has one), a record of the right collection that
// the service reads back by that ID for this key's organisation, and carry what was suggested.
import { RE2JS } from 're2js';
import { RESOURCE_COLLECTION, resourceNoun } from '../../../shared/service';
import type { ResourceType } from '../../../shared/service';
import { ApiError } from '../../api/errors/api-error';
import type { ServiceClient } from '../../connections/types';
import { carriesValues } from './record-match';

/** Longest ID taken: no real service's record IDs come near it. */
export const MAX_CREATED_ID_LENGTH = 128;

// Control characters (C0, DEL, C1), the bidi marks, embeddings, overrides and isolates, line and
// paragraph separators and the byte-order mark: an ID holding one could read as another on screen.
const INVISIBLE_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/;
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const hasUnsafeCharacter = (id: string) =>
  INVISIBLE_MARKS.test(id) || [...id].some((c) => isControl(c.charCodeAt(0)));
// Characters that would change a path or a query the ID is put in.
const PATH_CHARACTERS = /[/\\%?#]/;

/** Why an ID fails the fixed safe-ID rule, in words; null when it passes. */
export function unsafeIdReason(id: unknown): string | null {
  if (typeof id !== 'string' || id.trim() === '') return 'it is empty';
  if (id.length > MAX_CREATED_ID_LENGTH) return `it is longer than ${MAX_CREATED_ID_LENGTH} characters`;
  if (hasUnsafeCharacter(id)) return 'it holds invisible or direction-changing characters';
  if (PATH_CHARACTERS.test(id) || id.includes('..'))
    return 'it holds characters an ID may not (/ \\ % ? # or ..)';
  if (id !== id.trim()) return 'it starts or ends with a space';
  return null;
}

/** True when the contract's pattern for the record's ID takes it (run in the linear-time engine). */
function fitsPattern(id: string, pattern: string | undefined): boolean {
  if (!pattern) return true;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch {
    // A pattern the engine cannot run is no rule at all: the field checks drop it the same way.
    return true;
  }
  return re.matcher(id).find();
}

export interface CreatedIdSubject {
  resourceType: ResourceType;
  /** The values the create suggested. */
  fields: Record<string, unknown>;
}

/**
 * Why the ID may not fill anything, in a sentence for the landlord; null when it is accepted.
 * Throws when the service could not be asked (offline, slow, refused): the check is tried again later.
 */
export async function refuseCreatedId(
  client: Pick<ServiceClient, 'get'>,
  subject: CreatedIdSubject,
  id: string,
  idPattern: string | undefined,
): Promise<string | null> {
  const noun = resourceNoun(subject.resourceType);
  const unsafe = unsafeIdReason(id);
  if (unsafe) return `The service named an ID for the new ${noun} that PropDesk does not accept: ${unsafe}.`;
  if (!fitsPattern(id, idPattern))
    return `The service named an ID for the new ${noun} that does not have the form its contract gives ${noun} IDs.`;
  let record;
  try {
    record = await client.get(RESOURCE_COLLECTION[subject.resourceType], id, { priority: 'background' });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found')
      return `The service named an ID for the new ${noun}, but it has no ${noun} with that ID for this organisation.`;
    throw error;
  }
  if (record.id !== id)
    return `The service named an ID for the new ${noun}, but reading it back gave another record.`;
  if (!carriesValues(record, subject.fields))
    return `The service named an ID for the new ${noun}, but that ${noun} does not carry the values that were suggested.`;
  return null;
}
