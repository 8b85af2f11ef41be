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
      const unknownNames = result.error.issues.some((i) => i.code === 'unrecognized_keys');
      for (const issue of result.error.issues) {
        // "Change at least one field" is noise next to the unknown names that made the change empty.
        if (unknownNames && issue.code === 'custom' && issue.path.length === 0) continue;
        const path = ['fields', ...issue.path.map(String)];
        if (issue.code === 'unrecognized_keys') {
          // One problem per unknown name, pointing at it, in words a landlord can act on.
          for (const key of issue.keys) {
            problems.push({
              index,
              path: [...path, key].join('.'),
              message: `“${key}” is not a field the service accepts when suggesting to ${change.operation} a ${change.resourceType.replace(/_/g, ' ')}`,
            });
          }
          continue;
        }
        const missing =
          issue.code === 'invalid_type' &&
          issue.path.length === 1 &&
          !(String(issue.path[0]) in change.fields);
        problems.push({
          index,
          path: path.join('.'),
          message: missing ? 'Required when creating this record' : issue.message,
        });
      }
    }
  });
  return problems.length
    ? { ok: false, problems: problems.slice(0, maxProblems) }
    : { ok: true, request: shape.data };
}
