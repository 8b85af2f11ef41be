// The rough shape an openapi.json must have before PropDesk reads fields from it: an OpenAPI 3.0 or
// 3.1 document with paths. Everything deeper is read defensively by the compiler.
import { z } from 'zod';
import { ContractError } from './contract-error';

const objectOf = z.record(z.string(), z.unknown());

export const openApiDocSchema = z.looseObject({
  openapi: z.string().regex(/^3\.[01](\.\d+)?(-[\w.]+)?$/, 'must be OpenAPI 3.0 or 3.1'),
  info: z.looseObject({ title: z.string().optional(), version: z.string().optional() }).optional(),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  paths: z.record(z.string(), objectOf),
  components: z.looseObject({ schemas: objectOf.optional() }).optional(),
});
export type OpenApiDoc = z.infer<typeof openApiDocSchema>;

export function checkOpenApiDoc(doc: unknown): OpenApiDoc {
  const result = openApiDocSchema.safeParse(doc);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the top level';
    throw new ContractError(
      `The service's contract (openapi.json) is not an OpenAPI 3.0 or 3.1 document PropDesk can read: ${where} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return result.data;
}

export function isOpenApi30(doc: OpenApiDoc): boolean {
  return doc.openapi.startsWith('3.0');
}
