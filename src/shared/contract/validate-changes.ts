// Checks a whole suggestion batch against the compiled contract before it is sent (the renderer as
// the user types, main again before sending): the batch shape the service's documentation fixes, then each
// change's fields against its resource type's create or update validator.
import type { z } from 'zod';
import { suggestionRequestSchema } from '../service';
import type { SuggestionRequest } from '../service';
import { checkFields } from './check-fields';
import type { CompiledContract } from './compile-contract';
import { fieldWords } from './field-words';
import { issueSentence, pathLabel } from './issue-words';

export interface ChangeProblem {
  /** Index in `changes`, or -1 for the batch as a whole. */
  index: number;
  /** Path inside the change ("fields.monthly_rent") or the batch. */
  path: string;
  message: string;
}

export type BatchCheck = { ok: true; request: SuggestionRequest } | { ok: false; problems: ChangeProblem[] };

/** A problem with the batch's own shape ("Change 3 must …"), in the same words as field problems. */
export function batchIssueSentence(issue: z.core.$ZodIssue): string {
  const [top, index, ...rest] = issue.path;
  if (top === 'changes' && typeof index === 'number') {
    const label = rest.length
      ? pathLabel(`Change ${index + 1}: ${fieldWords(String(rest[0]))}`, rest.slice(1))
      : `Change ${index + 1}`;
    return issueSentence(issue, { label });
  }
  const label = top === undefined ? 'The batch' : pathLabel(fieldWords(String(top)), issue.path.slice(1));
  return issueSentence(issue, { label });
}

export function validateChanges(contract: CompiledContract, request: unknown, maxProblems = 50): BatchCheck {
  const shape = suggestionRequestSchema.safeParse(request);
  if (!shape.success) {
    return {
      ok: false,
      problems: shape.error.issues.slice(0, maxProblems).map((issue) => {
        const [top, index, ...rest] = issue.path;
        const message = batchIssueSentence(issue);
        return top === 'changes' && typeof index === 'number'
          ? { index, path: rest.join('.'), message }
          : { index: -1, path: issue.path.join('.'), message };
      }),
    };
  }
  const problems: ChangeProblem[] = [];
  shape.data.changes.forEach((change, index) => {
    if (problems.length >= maxProblems) return;
    const resource = contract.resources[change.resourceType];
    for (const p of checkFields(resource, change.operation, change.fields)) {
      problems.push({ index, path: p.path ? `fields.${p.path}` : 'fields', message: p.message });
    }
  });
  return problems.length
    ? { ok: false, problems: problems.slice(0, maxProblems) }
    : { ok: true, request: shape.data };
}
