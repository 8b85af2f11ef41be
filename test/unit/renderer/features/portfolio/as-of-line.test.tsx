// @vitest-environment happy-dom
// The line under every portfolio view's title writes its days in the style of the view's date cells
// ("ages counted from Nov 26, 2026", never "2026-11-26" beside "Dec 1, 2025").
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AsOfLine } from '../../../../../src/renderer/src/features/portfolio/as-of-line';
import { formatCell } from '../../../../../src/renderer/src/features/portfolio/format-cell';

afterEach(cleanup);

describe('the as-of line of a portfolio view', () => {
  it('writes the day ages count from as the view’s date cells are written', () => {
    render(<AsOfLine asOf="2026-11-26T08:05:00.000Z" today="2026-11-26" />);
    const line = screen.getByText(/ages counted from/).textContent!;
    expect(line).toContain(`ages counted from ${formatCell('2026-11-26', 'date', 'USD')}`);
    expect(line).not.toContain('2026-11-26');
  });
});
