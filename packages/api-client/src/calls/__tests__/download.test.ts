import { filenameFromDisposition } from '../download';

const fallback = 'budget-6101.xlsx';

describe('filenameFromDisposition', () => {
  it('takes the quoted or bare file name', () => {
    expect(filenameFromDisposition('attachment; filename="Budget 6101.xlsx"', fallback)).toBe('Budget 6101.xlsx');
    expect(filenameFromDisposition('attachment; filename=budget.xlsx', fallback)).toBe('budget.xlsx');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".xlsx"', fallback)).toBe('a "b".xlsx');
  });

  it('prefers the UTF-8 name when both are given', () => {
    expect(filenameFromDisposition(`attachment; filename="Bajeti.xlsx"; filename*=UTF-8''Bajeti%20%C3%A9.xlsx`, fallback)).toBe(
      'Bajeti é.xlsx',
    );
  });

  it('drops folder parts and falls back when there is no usable name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/report.xlsx"', fallback)).toBe('report.xlsx');
    expect(filenameFromDisposition('attachment', fallback)).toBe(fallback);
    expect(filenameFromDisposition('attachment; filename=""', fallback)).toBe(fallback);
    expect(filenameFromDisposition(null, fallback)).toBe(fallback);
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, fallback)).toBe(fallback);
  });
});
