import { normalizeHeader, parseCsvFile, parseCsvText, toCsv } from '../csv';

const columns = { name: ['full name'], city: ['town'] } as const;

describe('parseCsvText', () => {
  it('reads quoted values, doubled quotes, CRLF line ends and skips empty lines', () => {
    const text = 'Name,City\r\n"Mushi, Asha","Dar ""es"" Salaam"\r\n\r\nJuma,Arusha\r\n,\r\n';
    expect(parseCsvText(text, columns)).toEqual({
      rows: [
        { name: 'Mushi, Asha', city: 'Dar "es" Salaam' },
        { name: 'Juma', city: 'Arusha' },
      ],
      missingColumns: [],
      problems: [],
    });
  });

  it('matches header aliases regardless of case, spaces and a byte-order mark; reports missing columns', () => {
    const table = parseCsvText('\uFEFF FULL_NAME ,Other\nAsha,x\n', columns);
    expect(table.rows).toEqual([{ name: 'Asha', city: '' }]);
    expect(table.missingColumns).toEqual(['city']);
    expect(normalizeHeader('Phone Number')).toBe(normalizeHeader('phone_number'));
  });

  it('names rows with an unquoted comma or an unclosed quote', () => {
    const table = parseCsvText('name,city\nMushi, Asha,Dar\nJuma,"Arusha\n', columns);
    expect(table.problems).toEqual([
      'Line 3: a quoted value is not closed',
      'Row 1 has more values than there are columns; put values that contain commas in double quotes',
    ]);
  });
});

describe('parseCsvFile', () => {
  it('reads a File as the browser hands it over', async () => {
    const file = new File(['town,name\nMoshi,"Neema ""N"" Ally"\n'], 'people.csv', { type: 'text/csv' });
    await expect(parseCsvFile(file, columns)).resolves.toMatchObject({
      rows: [{ name: 'Neema "N" Ally', city: 'Moshi' }],
      encoding: 'utf-8',
    });
  });

  it('reads a file Excel saved as "CSV (Comma delimited)", in Windows-1252', async () => {
    // 'Zuhura Ñandú' with Ñ as 0xD1 and ú as 0xFA, not valid UTF-8
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('name,town\r\nZuhura '),
      0xd1,
      0x61,
      0x6e,
      0x64,
      0xfa,
      0x2c,
      0x44,
      0x61,
      0x72,
    ]);
    const file = new File([bytes], 'people.csv', { type: 'text/csv' });
    await expect(parseCsvFile(file, columns)).resolves.toMatchObject({
      rows: [{ name: 'Zuhura Ñandú', city: 'Dar' }],
      encoding: 'windows-1252',
    });
  });
});

describe('toCsv', () => {
  it('writes a header and quotes values that need it', () => {
    expect(toCsv(['name', 'city'])).toBe('name,city\r\n');
    expect(toCsv(['name'], [['Mushi, "A"']])).toBe('name\r\n"Mushi, ""A"""');
    expect(parseCsvText(toCsv(['name', 'city'], [['Mushi, "A"', 'Dar']]), columns).rows).toEqual([{ name: 'Mushi, "A"', city: 'Dar' }]);
  });
});
