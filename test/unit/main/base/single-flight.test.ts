// The one "run again if asked while running" rule the outbox, the created-record search and the
// suggestions poll share: no request to run is lost, and runs never overlap.
import { describe, expect, it } from 'vitest';
import { SingleFlight } from '../../../../src/main/base/single-flight';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('SingleFlight', () => {
  it('runs once more after the run under way when asked meanwhile, however often, never two at once', async () => {
    const gates = [gate(), gate()];
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    const flight = new SingleFlight({
      work: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await gates[runs++]?.opened;
        inFlight -= 1;
      },
    });
    const first = flight.run();
    const second = flight.run();
    void flight.run();
    expect(second).toBe(first);
    gates[0]!.open();
    gates[1]!.open();
    await first;
    expect(runs).toBe(2);
    expect(most).toBe(1);
    expect(flight.busy).toBe(false);
  });

  it('runs the run asked for after a failed one, and reports only the last run’s failure', async () => {
    let runs = 0;
    const flight = new SingleFlight({
      work: async () => {
        runs += 1;
        await Promise.resolve();
        if (runs === 1) throw new Error('first run failed');
      },
    });
    const done = flight.run();
    flight.runAgainIfBusy();
    await expect(done).resolves.toBeUndefined();
    expect(runs).toBe(2);
    await expect(flight.run()).resolves.toBeUndefined();
    expect(runs).toBe(3);
  });

  it('does not repeat once its owner stops, and tells the owner when it is idle', async () => {
    let stopped = false;
    let runs = 0;
    let told = 0;
    const flight = new SingleFlight({
      work: async () => {
        runs += 1;
        await Promise.resolve();
        stopped = true;
      },
      mayRepeat: () => !stopped,
      afterwards: () => (told += 1),
    });
    void flight.run();
    expect(flight.runAgainIfBusy()).toBe(true);
    await flight.whenIdle();
    expect(runs).toBe(1);
    expect(told).toBe(1);
    expect(flight.runAgainIfBusy()).toBe(false);
  });
});
