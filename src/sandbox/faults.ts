// Fault injection for API requests: on a share of them answer 500/502/503 or drop the connection
// without any answer, drawn from a PRNG seeded by --seed so a run can be repeated.
import { createRng, type Rng } from './prng';

export type Fault = { kind: 'status'; status: 500 | 502 | 503 } | { kind: 'drop' };

export class FaultInjector {
  private readonly rng: Rng;

  constructor(
    private readonly rate: number,
    seed: number,
  ) {
    if (!(rate >= 0 && rate <= 1)) throw new Error('--fail-rate must be between 0 and 1');
    this.rng = createRng(`${seed}:faults`);
  }

  next(): Fault | undefined {
    if (this.rate === 0 || this.rng.next() >= this.rate) return undefined;
    const pick = this.rng.int(0, 3);
    return pick === 3 ? { kind: 'drop' } : { kind: 'status', status: ([500, 502, 503] as const)[pick]! };
  }
}
