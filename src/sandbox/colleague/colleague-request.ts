// What a colleague's request says, read and checked: JSON with the demo person acting (`as`, a role;
// default the Property Manager), the organisation (default the demo one) and, to add or change, the
// fields. Every problem is named with its path, in plain words.
import type { IncomingMessage } from 'node:http';
import type { SandboxCore } from '../core';
import { validationFailed, type ValidationIssue } from '../http/api-error';
import { isJsonObject, parseJson, requireJson } from '../http/json-body';
import { readBody } from '../http/read-body';
import { PERSONA_ROLES, type PersonaRole, isPersonaRole, personaName } from '../personas';

export interface ColleagueRequest {
  organisation: string;
  /** "Dana Whitfield (Property Manager)": who the change is written under. */
  by: string;
  fields: Record<string, unknown>;
}

const DEFAULT_ROLE: PersonaRole = 'property_manager';
const DEFAULT_ORGANISATION = 'org_demo';
const MAX_BYTES = 65_536;

async function readJson(req: IncomingMessage, required: boolean): Promise<unknown> {
  const raw = await readBody(req, MAX_BYTES);
  if (raw.length === 0 && !required) return {};
  requireJson(req, 'what the colleague does');
  return parseJson(raw);
}

/** The request, or throws 400 with every problem; `withFields`: adding or changing (not removing). */
export async function readColleagueRequest(
  req: IncomingMessage,
  core: SandboxCore,
  withFields: boolean,
): Promise<ColleagueRequest> {
  const body = await readJson(req, withFields);
  const allowed = withFields ? ['as', 'organisation', 'fields'] : ['as', 'organisation'];
  if (!isJsonObject(body))
    throw validationFailed([
      { path: '', message: `The body must be a JSON object with ${allowed.join(', ')}.` },
    ]);
  const issues: ValidationIssue[] = [];
  for (const k of Object.keys(body))
    if (!allowed.includes(k))
      issues.push({ path: k, message: `Unrecognised property; allowed: ${allowed.join(', ')}.` });
  const role = body.as ?? DEFAULT_ROLE;
  if (!isPersonaRole(role))
    issues.push({ path: 'as', message: `Must be one of the demo roles: ${PERSONA_ROLES.join(', ')}.` });
  const organisation = body.organisation ?? DEFAULT_ORGANISATION;
  if (typeof organisation !== 'string' || !core.store.orgs.has(organisation))
    issues.push({
      path: 'organisation',
      message: `No such organisation; one of ${[...core.store.orgs.keys()].join(', ')}.`,
    });
  if (withFields && !isJsonObject(body.fields))
    issues.push({ path: 'fields', message: 'Must be an object of field names and their new values.' });
  if (issues.length > 0) throw validationFailed(issues);
  return {
    organisation: organisation as string,
    by: personaName(organisation as string, role as PersonaRole),
    fields: withFields ? (body.fields as Record<string, unknown>) : {},
  };
}
