import { describe, expect, it, vi } from 'vitest';
import { ConnectivityMonitor } from '../../../../src/main/connectivity/connectivity-monitor';

describe('connectivity monitor', () => {
  it('learns offline from a failed request, probes while offline, and reports when the service is back', async () => {
    vi.useFakeTimers();
    try {
      let reachable = false;
      const changes: boolean[] = [];
      const probe = vi.fn(async () => reachable);
      const monitor = new ConnectivityMonitor({ probe, computerOnline: () => true, probeEveryMs: 1000 });
      monitor.changed.subscribe((s) => changes.push(s.online));
      expect(monitor.status().online).toBe(true);
      monitor.report(true);
      expect(changes).toEqual([]);
      monitor.report(false);
      expect(changes).toEqual([false]);
      await vi.advanceTimersByTimeAsync(2500);
      expect(probe).toHaveBeenCalledTimes(2);
      reachable = true;
      await vi.advanceTimersByTimeAsync(1000);
      expect(changes).toEqual([false, true]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(probe).toHaveBeenCalledTimes(3);
      monitor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('probes at once when someone reads while offline, at most once every few seconds', async () => {
    vi.useFakeTimers();
    try {
      let reachable = false;
      const probe = vi.fn(async () => reachable);
      const monitor = new ConnectivityMonitor({
        probe,
        computerOnline: () => true,
        probeEveryMs: 15_000,
        nudgeEveryMs: 3_000,
      });
      monitor.nudge();
      expect(probe).not.toHaveBeenCalled(); // online: nothing to check
      monitor.report(false);
      monitor.nudge();
      await vi.advanceTimersByTimeAsync(0);
      expect(probe).toHaveBeenCalledTimes(1);
      monitor.nudge();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(probe).toHaveBeenCalledTimes(1);
      reachable = true;
      await vi.advanceTimersByTimeAsync(2_000);
      monitor.nudge();
      await vi.advanceTimersByTimeAsync(0);
      expect(probe).toHaveBeenCalledTimes(2);
      // Back online well before the 15-second probe would have noticed.
      expect(monitor.status().online).toBe(true);
      monitor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a computer without a network from a service that does not answer, and follows the network while out of reach', async () => {
    vi.useFakeTimers();
    try {
      let network = true;
      const seen: Array<[boolean, boolean]> = [];
      const monitor = new ConnectivityMonitor({
        probe: async () => false,
        computerOnline: () => network,
        probeEveryMs: 1000,
      });
      monitor.changed.subscribe((s) => seen.push([s.online, s.computerOnline]));
      monitor.report(false);
      // The Wi-Fi works: the service is the one that does not answer.
      expect(monitor.status()).toMatchObject({ online: false, computerOnline: true });
      network = false;
      await vi.advanceTimersByTimeAsync(1000);
      expect(monitor.status()).toMatchObject({ online: false, computerOnline: false });
      expect(seen).toEqual([
        [false, true],
        [false, false],
      ]);
      monitor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('blames the service when the network question itself fails', () => {
    const monitor = new ConnectivityMonitor({
      probe: async () => false,
      computerOnline: () => {
        throw new Error('no answer');
      },
      probeEveryMs: 3_600_000,
    });
    monitor.report(false);
    expect(monitor.status()).toMatchObject({ online: false, computerOnline: true });
    monitor.stop();
  });
});
