import { act, renderHook } from '@testing-library/react';
import { compareValues, sortBy, useSort } from '../sort';

interface Row {
  name: string;
  amount: number | null;
}

const rows: Row[] = [
  { name: 'Émile', amount: 20 },
  { name: 'alice', amount: null },
  { name: 'Bruno', amount: 5 },
];

describe('sorting helpers', () => {
  it('compares with French collation and numbers numerically', () => {
    expect(compareValues('alice', 'Bruno')).toBeLessThan(0);
    expect(compareValues('Émile', 'Fabien')).toBeLessThan(0);
    expect(compareValues(10, 9)).toBeGreaterThan(0);
    expect(compareValues('item 2', 'item 10')).toBeLessThan(0);
  });

  it('keeps empty values last in both directions', () => {
    expect(sortBy(rows, 'amount', 'asc', (r, k) => r[k as keyof Row]).map((r) => r.name)).toEqual([
      'Bruno',
      'Émile',
      'alice',
    ]);
    expect(sortBy(rows, 'amount', 'desc', (r, k) => r[k as keyof Row]).map((r) => r.name)).toEqual([
      'Émile',
      'Bruno',
      'alice',
    ]);
  });

  it('useSort: first request ascending, same column again descending, new column ascending', () => {
    const { result } = renderHook(() => useSort<Row, keyof Row & string>(rows));
    expect(result.current.sorted.map((r) => r.name)).toEqual(['Émile', 'alice', 'Bruno']);
    act(() => result.current.requestSort('name'));
    expect(result.current.sortDirection).toBe('asc');
    expect(result.current.sorted.map((r) => r.name)).toEqual(['alice', 'Bruno', 'Émile']);
    act(() => result.current.requestSort('name'));
    expect(result.current.sortDirection).toBe('desc');
    expect(result.current.sorted.map((r) => r.name)).toEqual(['Émile', 'Bruno', 'alice']);
    act(() => result.current.requestSort('amount'));
    expect(result.current.sortKey).toBe('amount');
    expect(result.current.sortDirection).toBe('asc');
  });
});
