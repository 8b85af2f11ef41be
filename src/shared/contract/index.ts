// The contract compiler's public API, shared by renderer and main (no Node, no DOM, no Electron).
export { compileContract } from './compile-contract';
export type { CompiledContract, FieldSource, FieldsObject, ResourceContract } from './compile-contract';
export { ContractError } from './contract-error';
export { fieldLabel, fieldWords, nameWords } from './field-words';
export type { EnumValue, FieldDescriptor, FieldType } from './field-descriptor';
export { batchIssueSentence, validateChanges } from './validate-changes';
export type { BatchCheck, ChangeProblem } from './validate-changes';
export { referencedCollection, referenceFields, relatedLinks } from './references';
export type { ReferenceField, RelatedLink } from './references';
export { moneyFields, moneyUnitOf } from './money-fields';
export { checkFields, resourceNoun } from './check-fields';
export type { FieldProblem, FieldProblemKind } from './check-fields';
export { allowedWords, issueAtPath, issueSentence, mustBe, pathLabel, valueList } from './issue-words';
export type { IssueSubject } from './issue-words';
