// Checks a whole suggestion batch against the compiled contract before it is sent (the renderer as
// the user types, main again before sending): the batch shape service-api.md fixes, then each
// change's fields against its resource type's create or update validator.
import { suggestionRequestSchema } from '../service';
import type { SuggestionRequest } from '../service';
import type { CompiledContract } from './compile-contract';

export interface ChangeProblem {
  /** Index in `changes`, or -1 for the batch as a whole. */
  index: number;
  /** Path inside the change ("fields.monthly_rent") or the batch. */
  path: string;
  message: string;
}

export type BatchCheck = { ok: true; request: SuggestionRequest } | { ok: false; problems: ChangeProblem[] };

export function validateChanges(contract: CompiledContract, request: unknown, maxProblems = 50): BatchCheck {
  const shape = suggestionRequestSchema.safeParse(request);
  if (!shape.success) {
    return {
      ok: false,
      problems: shape.error.issues.slice(0, maxProblems).map((issue) => {
        const [top, index, ...rest] = issue.path;
        return top === 'changes' && typeof index === 'number'
          ? { index, path: rest.join('.'), message: issue.message }
          : { index: -1, path: issue.path.join('.'), message: issue.message };
      }),
    };
  }
  const problems: ChangeProblem[] = [];
  shape.data.changes.forEach((change, index) => {
    if (problems.length >= maxProblems) return;
    const resource = contract.resources[change.resourceType];
    const schema = change.operation === 'create' ? resource.createSchema : resource.updateSchema;
    const result = schema.safeParse(change.fields);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push({ index, path: ['fields', ...issue.path].join('.'), message: issue.message });
      }
    }
  });
  return problems.length
    ? { ok: false, problems: problems.slice(0, maxProblems) }
    : { ok: true, request: shape.data };
}
