import { decodeText } from '../text/text-decoding';

const NAME = 'Zuhura Ñandú';
const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i += 1) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return out;
}

// 'name\r\nZuhura Ñandú' as Excel's "CSV (Comma delimited)" writes it: Ñ is 0xD1, ú is 0xFA
const WINDOWS_1252 = bytes(...utf8('name\r\nZuhura '), 0xd1, 0x61, 0x6e, 0x64, 0xfa);

describe('decodeText', () => {
  it('reads UTF-8 without a byte-order mark', () => {
    expect(decodeText(utf8(`name\r\n${NAME}`))).toEqual({ text: `name\r\n${NAME}`, encoding: 'utf-8' });
  });

  it('reads UTF-8 with a byte-order mark and drops the mark', () => {
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, ...utf8(NAME)))).toEqual({ text: NAME, encoding: 'utf-8' });
  });

  it('reads UTF-16 in either byte order by its mark', () => {
    expect(decodeText(utf16(NAME, true))).toEqual({ text: NAME, encoding: 'utf-16le' });
    expect(decodeText(utf16(NAME, false))).toEqual({ text: NAME, encoding: 'utf-16be' });
  });

  it('reads bytes that are not valid UTF-8 as Windows-1252, Excel CSV included', () => {
    expect(decodeText(WINDOWS_1252)).toEqual({ text: `name\r\n${NAME}`, encoding: 'windows-1252' });
    // the bytes Windows-1252 and Latin-1 differ on: the euro sign and curly quotes
    expect(decodeText(bytes(0x80, 0x20, 0x93, 0x41, 0x94))).toEqual({ text: '€ “A”', encoding: 'windows-1252' });
  });

  it('reads an empty file as empty text', () => {
    expect(decodeText(bytes())).toEqual({ text: '', encoding: 'utf-8' });
  });
});
