// Checks the fields of one suggested change with its resource type's validator and words every
// problem for a person, by field: the same sentences in the draft editor, in a CSV import and in
// main's refusal to send a draft.
import { resourceNoun } from '../service';
import type { Operation } from '../service';
import type { ResourceContract } from './compile-contract';
import { fieldWords } from './field-words';
import { issueSentence, pathLabel } from './issue-words';

/** missing: required and not given; unknown: not a field of the contract; change: the change as a whole. */
export type FieldProblemKind = 'missing' | 'unknown' | 'invalid' | 'change';

export interface FieldProblem {
  /** The field the problem is about, or null for the change as a whole. */
  field: string | null;
  /** Where inside the change's fields ("monthly_rent", "address.city"); "" for the change itself. */
  path: string;
  kind: FieldProblemKind;
  message: string;
}

export function checkFields(
  resource: ResourceContract,
  operation: Operation,
  fields: Record<string, unknown>,
): FieldProblem[] {
  const schema = operation === 'create' ? resource.createSchema : resource.updateSchema;
  // Without a prototype: a field the contract names "toString" or "constructor" and the change leaves
  // out must read as missing, not as the function every object has under that name.
  const result = schema.safeParse(Object.assign(Object.create(null) as Record<string, unknown>, fields));
  if (result.success) return [];
  const described = operation === 'create' ? resource.createFields : resource.updateFields;
  const byName = new Map(described.map((d) => [d.name, d]));
  const noun = resourceNoun(resource.resourceType);
  const issues = result.error.issues;
  const unknownNames = issues.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0);
  const problems: FieldProblem[] = [];
  for (const issue of issues) {
    const [first, ...inner] = issue.path;
    if (issue.code === 'unrecognized_keys' && first === undefined) {
      for (const key of issue.keys) {
        problems.push({
          field: key,
          path: key,
          kind: 'unknown',
          message:
            operation === 'create'
              ? `“${key}” is not a field the service accepts for a new ${noun}`
              : `“${key}” is not a field the service accepts when changing a ${noun}`,
        });
      }
      continue;
    }
    if (first === undefined) {
      // "Change at least one field" is noise next to the unknown names that left the change empty.
      if (unknownNames) continue;
      problems.push({
        field: null,
        path: '',
        kind: 'change',
        message:
          issue.code === 'custom'
            ? `Change at least one field of this ${noun}`
            : `The fields of this ${noun} aren’t in a form the service accepts`,
      });
      continue;
    }
    const name = String(first);
    const descriptor = byName.get(name);
    const label = pathLabel(descriptor?.label ?? fieldWords(name), inner);
    const missing = inner.length === 0 && (!Object.hasOwn(fields, name) || fields[name] === undefined);
    problems.push({
      field: name,
      path: [name, ...inner.map(String)].join('.'),
      kind: missing ? 'missing' : 'invalid',
      message: missing
        ? `${label} is required for a new ${noun}`
        : issueSentence(issue, { label, field: inner.length === 0 ? descriptor : undefined }),
    });
  }
  return problems;
}
