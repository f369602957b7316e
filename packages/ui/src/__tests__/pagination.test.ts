import { clampPage, lastPage, pageItems } from '../widgets/pagination-items';

const labels = (items: ReturnType<typeof pageItems>) => items.map((i) => (i.kind === 'page' ? String(i.page) : `…${i.page}`));

describe('pagination', () => {
  it('clamps a typed page to 1..last', () => {
    expect(clampPage(0, 7)).toBe(1);
    expect(clampPage(99, 7)).toBe(7);
    expect(clampPage(3.7, 7)).toBe(3);
    expect(clampPage(Number.NaN, 7)).toBe(1);
  });

  it('counts pages from total and size', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(101, 10)).toBe(11);
  });

  it('lists every page when there are few', () => {
    expect(labels(pageItems(2, 6))).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('shows "…" that jumps 5 pages, or 3 in compact mode', () => {
    expect(labels(pageItems(10, 20))).toEqual(['1', '…5', '8', '9', '10', '11', '12', '…15', '20']);
    expect(labels(pageItems(10, 20, true))).toEqual(['1', '…7', '9', '10', '11', '…13', '20']);
    expect(labels(pageItems(1, 20))).toEqual(['1', '2', '3', '4', '5', '6', '…7', '20']);
    expect(labels(pageItems(20, 20))).toEqual(['1', '…14', '15', '16', '17', '18', '19', '20']);
  });
});
