import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readWithJszip, unzip, unzipText } from '../../test-support/unzip';
import { crc32 } from '../crc32';
import { sheetNameOf, toXlsx } from '../xlsx';
import { columnName, escapeXml } from '../worksheet';
import { zip } from '../zip';

const hasPython = (() => {
  try {
    execFileSync('python3', ['-c', 'import zipfile, xml.dom.minidom'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('zip', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('writes entries an unzip tool reads back, deflating only what shrinks', () => {
    const big = 'budget '.repeat(1000);
    const archive = zip([
      { name: 'a.txt', data: big },
      { name: 'dir/b.bin', data: Buffer.from([1, 2, 3]) },
      { name: 'ünï.txt', data: '' },
    ]);
    const entries = unzip(archive);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['a.txt', 8],
      ['dir/b.bin', 0],
      ['ünï.txt', 0],
    ]);
    expect(entries[0].data.toString()).toBe(big);
    expect([...entries[1].data]).toEqual([1, 2, 3]);
    expect(archive.length).toBeLessThan(big.length);
  });

  it('writes entries and CRC-32s that JSZip reads back, and JSZip refuses a changed byte', async () => {
    const big = 'budget '.repeat(1000);
    const archive = zip([
      { name: 'a.txt', data: big },
      { name: 'dir/b.bin', data: Buffer.from([1, 2, 3]) },
      { name: 'ünï.txt', data: '' },
    ]);
    const files = await readWithJszip(archive);
    expect(Object.keys(files)).toEqual(['a.txt', 'dir/b.bin', 'ünï.txt']);
    expect(files['a.txt'].toString()).toBe(big);
    expect([...files['dir/b.bin']]).toEqual([1, 2, 3]);
    expect(files['ünï.txt']).toHaveLength(0);
    // the stored entry's bytes follow its local header (30 bytes and the name): 1, 2, 3 becomes 1, 2, 4
    const changed = Buffer.from(archive);
    changed[changed.indexOf(Buffer.from('dir/b.bin')) + 'dir/b.bin'.length + 2] = 4;
    await expect(readWithJszip(changed)).rejects.toThrow(/crc32/i);
  });
});

describe('toXlsx', () => {
  const headers = ['NAME', 'PURPOSE', 'EXPENDITURE DATE', 'AMOUNT', 'STATUS'];
  const rows = [
    ['Neema <Mushi> & co', 'travel', new Date('2026-03-01T00:00:00Z'), 1250000.5, 'approved'],
    ['=cmd|"/c calc"!A1', 'kits', null, 0.07, 'pending'],
    ['Bad\u0001char', undefined, new Date('nope'), Number.NaN, ''],
  ];

  it('holds the six parts of a workbook with the right content types and relationships', () => {
    const parts = unzipText(toXlsx('Budget 6101', headers, rows));
    expect(Object.keys(parts).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(parts['[Content_Types].xml']).toContain(
      'PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"',
    );
    expect(parts['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(parts['_rels/.rels']).toContain('Target="xl/workbook.xml"');
    expect(parts['xl/_rels/workbook.xml.rels']).toContain('Target="worksheets/sheet1.xml"');
    expect(parts['xl/workbook.xml']).toContain('<sheet name="Budget 6101" sheetId="1" r:id="rId1"/>');
  });

  it('writes text as escaped inline strings, amounts and dates as numbers, and skips empty cells', () => {
    const sheet = unzipText(toXlsx('Budget', headers, rows))['xl/worksheets/sheet1.xml'];
    expect(sheet).toContain('<dimension ref="A1:E4"/>');
    expect(sheet).toContain('<c r="A1" t="inlineStr" s="1"><is><t xml:space="preserve">NAME</t></is></c>');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">Neema &lt;Mushi&gt; &amp; co</t></is></c>');
    expect(sheet).toContain('<c r="C2" s="3"><v>46082</v></c>'); // 1 March 2026 in Excel's day count
    expect(sheet).toContain('<c r="D2" s="2"><v>1250000.5</v></c>');
    expect(sheet).toContain('<c r="D3" s="2"><v>0.07</v></c>');
    expect(sheet).toContain('<t xml:space="preserve">=cmd|&quot;/c calc&quot;!A1</t>');
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain(
      '<row r="4"><c r="A4" t="inlineStr"><is><t xml:space="preserve">Badchar</t></is></c><c r="E4" t="inlineStr"><is><t xml:space="preserve"></t></is></c></row>',
    );
  });

  it('writes a header-only sheet for no rows', () => {
    const sheet = unzipText(toXlsx('Empty', headers, []))['xl/worksheets/sheet1.xml'];
    expect(sheet).toContain('<dimension ref="A1:E1"/>');
    expect(sheet.match(/<row /g)).toHaveLength(1);
  });

  it('keeps sheet names within Excel rules and names columns past Z', () => {
    expect(sheetNameOf('Requests [2026]: a/b?')).toBe('Requests  2026   a b');
    expect(sheetNameOf("'quoted'")).toBe('quoted');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
    expect(sheetNameOf(' ** ')).toBe('Sheet1');
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(escapeXml('a\uD800b "c"')).toBe('ab &quot;c&quot;');
  });

  (hasPython ? it : it.skip)("opens with Python's zipfile, every XML part well-formed", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
    const file = path.join(dir, 'budget.xlsx');
    fs.writeFileSync(file, toXlsx('Budget 6101', headers, rows));
    const script = [
      'import sys, zipfile, xml.dom.minidom',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'for n in z.namelist(): xml.dom.minidom.parseString(z.read(n))',
      'sheet = xml.dom.minidom.parseString(z.read("xl/worksheets/sheet1.xml"))',
      'print(len(z.namelist()), len(sheet.getElementsByTagName("row")), sheet.getElementsByTagName("t")[0].firstChild.data)',
    ].join('\n');
    try {
      expect(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }).trim()).toBe('6 4 NAME');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
