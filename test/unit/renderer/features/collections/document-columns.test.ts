// Documents' columns say what they hold in each contract shape: the record a document belongs to is
// "Attached to", and its size, in the unit the contract gives (bytes by name, by description), reads
// as KB or MB under "Size"; a size whose unit the contract leaves unsaid stays the plain number.
import { describe, expect, it } from 'vitest';
import acmeJson from '../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import harborJson from '../../../../fixtures/contracts/harbor-openapi-3.0.json?raw';
import lakesideJson from '../../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';
import { compileContract, sizeUnitOf } from '../../../../../src/shared/contract';
import { columnsFromFields } from '../../../../../src/renderer/src/features/collections/columns';
import { formatTyped } from '../../../../../src/renderer/src/lib/format-typed';

const documentColumns = (doc: unknown) => columnsFromFields(compileContract(doc).recordFields.documents);
const shapes = {
  // The sandbox's documents, as its contract describes them (the renderer's tests do not import it).
  sandbox: columnsFromFields([
    { name: 'size_bytes', type: 'integer', description: 'File size in bytes' },
    { name: 'entity_id', type: 'string', description: 'ID of the record the document belongs to' },
  ]),
  acme: documentColumns(JSON.parse(acmeJson) as unknown),
  harbor: documentColumns(JSON.parse(harborJson) as unknown),
  lakeside: documentColumns(JSON.parse(lakesideJson) as unknown),
};
const column = (shape: keyof typeof shapes, name: string) => shapes[shape].find((c) => c.name === name)!;

describe('the columns of Documents', () => {
  it('call the record a document belongs to “Attached to”, never “Entity ID”', () => {
    expect(column('sandbox', 'entity_id').label).toBe('Attached to');
    expect(column('lakeside', 'entity_id').label).toBe('Attached to');
    expect(column('acme', 'entity_id').label).toBe('Attached to');
  });

  it('show a size kept in bytes as KB or MB under “Size”', () => {
    for (const [shape, name] of [
      ['sandbox', 'size_bytes'],
      ['harbor', 'bytes'],
      ['lakeside', 'byte_size'],
    ] as const) {
      const size = column(shape, name);
      expect(size.label).toBe('Size');
      expect(formatTyped(2_400_000, size, 'USD')).toMatch(/^2[.,]4 MB$/);
      expect(formatTyped(56_000, size, 'USD')).toMatch(/^56[.,]0 KB$/);
    }
  });

  it('leave a size whose unit the contract does not give as the number it is', () => {
    const size = column('acme', 'size');
    expect(size.size).toBeUndefined();
    expect(formatTyped(56_000, size, 'USD')).toBe((56_000).toLocaleString());
  });

  it('read a size stated in kilobytes, by name or description, in that unit', () => {
    expect(sizeUnitOf({ name: 'size_kb', type: 'integer' })).toBe('kilobytes');
    expect(sizeUnitOf({ name: 'size', type: 'number', description: 'Size in megabytes' })).toBe('megabytes');
    expect(sizeUnitOf({ name: 'size', type: 'string', description: 'in bytes' })).toBeNull();
  });
});
