// Benchmark: compiling the sandbox's live openapi.json into field descriptors and validators, and
// validating a 200-change batch against the result. Targets: ≤ 50 ms and ≤ 5 ms median.
// Run: npx tsx test/bench/contract-compile.bench.ts
import { compileContract, validateChanges } from '../../src/shared/contract';
import { startSandbox } from '../../src/sandbox/index';
import { median, writeSection } from './report';

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
  const c = median(compileMs);
  const v = median(validateMs);
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
    ],
    'Contract fetched from a live sandbox (seed 1); batch of 200 lease updates (monthly_rent, status).',
  );
} finally {
  await sandbox.close();
}
