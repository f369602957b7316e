import { RowBytes } from '../row-bytes';
import { SharedStrings } from '../shared-strings';
import { countCell, dayCell, type Cell } from '../worksheet';

const textOf = (rows: Cell[][], firstRow: number, kind?: 'header' | 'body' | 'total', strings?: SharedStrings) =>
  new RowBytes().rows(rows, firstRow, kind, strings).toString('utf8');

describe('RowBytes: rows written straight into bytes', () => {
  it('writes each kind of cell as SpreadsheetML, numbers as String writes them', () => {
    const row: Cell[] = [
      'Staff <travel> & "meals" – 😀',
      0,
      -0,
      -1_250_000,
      1_250_000.57,
      0.1 + 0.2,
      1e21,
      2 ** 53,
      Number.NaN,
      Infinity,
      countCell(-9),
      countCell(null),
      { count: Number.NaN },
      dayCell('2026-03-01'),
      dayCell('2026-02-30'),
      new Date('1970-01-02T12:00:00Z'),
      new Date(Number.NaN),
      null,
      undefined,
      'bad\u0001',
    ];
    expect(textOf([row], 99_999, 'body')).toBe(
      '<row r="99999">' +
        '<c r="A99999" t="inlineStr"><is><t xml:space="preserve">Staff &lt;travel&gt; &amp; &quot;meals&quot; – 😀</t></is></c>' +
        '<c r="B99999" s="2"><v>0</v></c>' +
        '<c r="C99999" s="2"><v>0</v></c>' +
        '<c r="D99999" s="2"><v>-1250000</v></c>' +
        '<c r="E99999" s="2"><v>1250000.57</v></c>' +
        '<c r="F99999" s="2"><v>0.30000000000000004</v></c>' +
        '<c r="G99999" s="2"><v>1e+21</v></c>' +
        '<c r="H99999" s="2"><v>9007199254740992</v></c>' +
        '<c r="K99999" s="4"><v>-9</v></c>' +
        '<c r="N99999" s="3"><v>46082</v></c>' +
        '<c r="P99999" s="3"><v>25570.5</v></c>' +
        '<c r="T99999" t="inlineStr"><is><t xml:space="preserve">bad</t></is></c>' +
        '</row>',
    );
  });

  it('styles header and total rows, and writes text as its index in the shared strings', () => {
    const strings = new SharedStrings();
    expect(textOf([['CODE', 'NAME']], 1, 'header', strings)).toBe(
      '<row r="1"><c r="A1" t="s" s="1"><v>0</v></c><c r="B1" t="s" s="1"><v>1</v></c></row>',
    );
    expect(textOf([['Total', 'NAME', 12.5, countCell(3)]], 2, 'total', strings)).toBe(
      '<row r="2"><c r="A2" t="s" s="5"><v>2</v></c><c r="B2" t="s" s="5"><v>1</v></c><c r="C2" s="6"><v>12.5</v></c><c r="D2" s="7"><v>3</v></c></row>',
    );
    expect(textOf([['x'.repeat(40_000)]], 3, 'body')).toBe(
      `<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">${'x'.repeat(32_767)}</t></is></c></row>`,
    );
  });

  it('grows its buffer past its first size and reuses it, each answer a copy of its own', () => {
    const writer = new RowBytes();
    const wide: Cell[] = Array.from({ length: 30 }, (_, c) => (c % 3 ? c * 1_000.25 : `Text ${'é'.repeat(c * 100)} ${c}`));
    const rows = Array.from({ length: 3_000 }, () => wide);
    const first = writer.rows(rows, 2);
    expect(first.length).toBeGreaterThan(1 << 20);
    const second = writer.rows([['after']], 3_002);
    expect(second.toString('utf8')).toBe('<row r="3002"><c r="A3002" t="inlineStr"><is><t xml:space="preserve">after</t></is></c></row>');
    // the first answer was not overwritten by the second
    const text = first.toString('utf8');
    expect(
      text.startsWith(
        '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">Text  0</t></is></c><c r="B2" s="2"><v>1000.25</v></c>',
      ),
    ).toBe(true);
    expect(text.endsWith(`<c r="AD3001" s="2"><v>${29 * 1_000.25}</v></c></row>`)).toBe(true);
    expect(text.match(/<row /g)).toHaveLength(3_000);
    expect(text).toContain(`<c r="AB3001" t="inlineStr"><is><t xml:space="preserve">Text ${'é'.repeat(2_700)} 27</t></is></c>`);
  });
});
