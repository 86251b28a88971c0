import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { countPages, describeRange, ListPagination } from './list-pagination';

function renderPagination(page: number, total: number, onChange = vi.fn()) {
  render(
    <MantineProvider theme={theme} env="test">
      <ListPagination page={page} pageSize={15} total={total} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
}

const visiblePages = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent));

describe('ListPagination', () => {
  it('counts pages of 15 and describes the range', () => {
    expect(countPages(0, 15)).toBe(1);
    expect(countPages(15, 15)).toBe(1);
    expect(countPages(16, 15)).toBe(2);
    expect(describeRange(2, 15, 62)).toBe('16-30 of 62 videos');
    expect(describeRange(5, 15, 62)).toBe('61-62 of 62 videos');
  });

  it('is hidden when one page holds everything', () => {
    renderPagination(1, 15);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows a window around the current page with the first and last pages', () => {
    renderPagination(10, 300);
    expect(visiblePages()).toEqual([1, 9, 10, 11, 20]);
    expect(screen.getByText('136-150 of 300 videos')).toBeInTheDocument();
  });

  it('shows every page when there are few', () => {
    renderPagination(1, 62);
    expect(visiblePages()).toEqual([1, 2, 3, 4, 5]);
  });

  it('reports the page picked and the next page', () => {
    const onChange = renderPagination(2, 62);
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });
});
