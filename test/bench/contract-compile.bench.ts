// Benchmark: compiling the sandbox's live openapi.json into field descriptors and validators, and
// validating a 200-change batch against the result. Targets: ≤ 50 ms and ≤ 5 ms median. Also: a
// contract whose pattern would hang a backtracking engine (^(a+)+$) checked against a 50,000-character
// value, which the linear engine must answer in ≤ 50 ms.
// Run: npx tsx test/bench/contract-compile.bench.ts
import { checkDraft } from '../../src/main/drafts/draft-checks';
import { compileContract, validateChanges } from '../../src/shared/contract';
import type { CompiledContract } from '../../src/shared/contract';
import type { DraftChange } from '../../src/shared/drafts';
import { startSandbox } from '../../src/sandbox/index';
import { median, writeSection } from './report';

/**
 * Gives the first plain text field of a record schema a catastrophic pattern (and room for 100,000
 * characters), the way a hostile or careless contract might; says which resource and field.
 */
function patternedField(doc: { components: { schemas: Record<string, unknown> } }): {
  resource: keyof CompiledContract['resources'];
  field: string;
} {
  const probe = compileContract(doc);
  for (const [resource, compiled] of Object.entries(probe.resources) as Array<
    [keyof CompiledContract['resources'], CompiledContract['resources'][keyof CompiledContract['resources']]]
  >) {
    const text = compiled.updateFields.find((f) => f.type === 'string');
    if (!text) continue;
    for (const schema of Object.values(doc.components.schemas)) {
      const props = (schema as { properties?: Record<string, Record<string, unknown>> }).properties;
      const prop = props?.[text.name];
      if (prop && prop.type === 'string' && !prop.format && !prop.enum) {
        prop.pattern = '^(a+)+$';
        prop.maxLength = 100_000;
      }
    }
    return { resource, field: text.name };
  }
  throw new Error('the contract has no text field to give a pattern');
}

const sandbox = await startSandbox({ seed: 1 });
try {
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const headers = { Authorization: `Bearer ${key}` };
  const doc = (await (await fetch(`${sandbox.baseUrl}/api/v1/openapi.json`, { headers })).json()) as unknown;
  const leases = (await (await fetch(`${sandbox.baseUrl}/api/v1/leases?limit=100`, { headers })).json()) as {
    data: Array<{ id: string }>;
  };

  const compileMs: number[] = [];
  let contract = compileContract(doc);
  for (let i = 0; i < 40; i++) {
    // A fresh copy each time, so nothing is cached by object identity.
    const copy = structuredClone(doc);
    const start = performance.now();
    contract = compileContract(copy);
    compileMs.push(performance.now() - start);
  }
  const batch = {
    label: 'Rent review',
    changes: Array.from({ length: 200 }, (_, i) => ({
      operation: 'update',
      resourceType: 'lease',
      resourceId: leases.data[i % leases.data.length]!.id,
      fields: { monthly_rent: 1000 + i, status: 'active' },
    })),
  };
  const validateMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    const result = validateChanges(contract, batch);
    validateMs.push(performance.now() - start);
    if (!result.ok)
      throw new Error(`the benchmark batch should be valid: ${JSON.stringify(result.problems[0])}`);
  }
  // Main's whole check before sending: the contract plus the batch rules (one field changed twice,
  // identical suggestions already pending, here 50 of them).
  const draftChanges: DraftChange[] = batch.changes.map((c, i) => ({
    id: `c${i}`,
    operation: 'update',
    resourceType: 'lease',
    // 200 different leases: the same field of one record twice is refused by design.
    resourceId: `${c.resourceId}-${i}`,
    fields: c.fields,
    snapshot: { id: c.resourceId, monthly_rent: 900, status: 'pending' },
    updatedAt: '2026-11-23T00:00:00Z',
  }));
  const pending = Array.from({ length: 50 }, (_, i) => ({
    batchId: `b${i}`,
    label: null,
    operation: 'update',
    resourceType: 'lease',
    resourceId: `other-${i}`,
    fields: { monthly_rent: 5 },
  }));
  const draftMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    const problems = checkDraft('Rent review', draftChanges, contract, pending);
    draftMs.push(performance.now() - start);
    if (problems.length > 0) throw new Error(`the benchmark draft should be valid: ${problems[0]!.message}`);
  }
  // A hostile contract: the lease's monthly_rent stays, a text field gets a catastrophic pattern and
  // room for 100,000 characters; the value defeats backtracking by ending in a character it refuses.
  const hostile = structuredClone(doc) as { components: { schemas: Record<string, unknown> } };
  const patterned = patternedField(hostile);
  const hostileContract = compileContract(hostile);
  const value = `${'a'.repeat(49_999)}!`;
  const patternMs: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    const result = hostileContract.resources[patterned.resource].updateSchema.safeParse({
      [patterned.field]: value,
    });
    patternMs.push(performance.now() - start);
    if (result.success) throw new Error('the hostile value should be refused by the pattern');
  }
  const c = median(compileMs);
  const v = median(validateMs);
  const d = median(draftMs);
  writeSection(
    'Contract compile (sandbox openapi.json)',
    [
      {
        measure: 'compileContract, median of 40',
        value: `${c.toFixed(2)} ms`,
        target: '≤ 50 ms',
        met: c <= 50,
      },
      { measure: 'compileContract, first (cold) run', value: `${compileMs[0]!.toFixed(2)} ms` },
      {
        measure: 'validate 200-change batch, median of 200',
        value: `${v.toFixed(3)} ms`,
        target: '≤ 5 ms',
        met: v <= 5,
      },
      {
        measure: 'main’s full draft check (contract + batch rules, 50 pending), median of 200',
        value: `${d.toFixed(3)} ms`,
        target: '≤ 5 ms',
        met: d <= 5,
      },
      {
        measure: `a field with pattern ^(a+)+$ against a 50,000-character value (${patterned.resource}.${patterned.field}), slowest of 20`,
        value: `${Math.max(...patternMs).toFixed(2)} ms`,
        target: '≤ 50 ms',
        met: Math.max(...patternMs) <= 50,
      },
    ],
    'Contract fetched from a live sandbox (seed 1); batch of 200 lease updates (monthly_rent, status). The pattern runs in re2js (linear time); JavaScript’s own engine would not finish.',
  );
} finally {
  await sandbox.close();
}
