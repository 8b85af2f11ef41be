import { describe, expect, it } from 'vitest';
import { pagesAhead } from '../../../../src/main/offline-copy/pages-ahead';

// A listing whose pages are handed out one by one, noting when each is asked for.
function listing(pages: number, asked: string[]): AsyncGenerator<number, void, undefined> {
  return (async function* () {
    for (let page = 1; page <= pages; page++) {
      asked.push(`asked ${page}`);
      await Promise.resolve();
      yield page;
    }
  })();
}

describe('pagesAhead', () => {
  it('asks for the next page before the one handed on is stored', async () => {
    const events: string[] = [];
    for await (const page of pagesAhead(listing(3, events))) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`stored ${page}`);
    }
    expect(events).toEqual(['asked 1', 'asked 2', 'stored 1', 'asked 3', 'stored 2', 'stored 3']);
  });

  it('lets the page asked for ahead go when the reader stops early, its failure with it', async () => {
    const failing = (async function* () {
      yield 1;
      throw new Error('the service went away');
    })();
    const seen: number[] = [];
    for await (const page of pagesAhead(failing)) {
      seen.push(page);
      break;
    }
    expect(seen).toEqual([1]);
  });

  it('passes a failure of the listing on to its reader', async () => {
    const failing = (async function* () {
      yield 1;
      throw new Error('the service went away');
    })();
    const read = async (): Promise<number[]> => {
      const seen: number[] = [];
      for await (const page of pagesAhead(failing)) seen.push(page);
      return seen;
    };
    await expect(read()).rejects.toThrow('the service went away');
  });
});
