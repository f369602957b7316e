/** The encodings an uploaded text file is read in (docs/product-rules.md §CSV uploads). */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * The text of a file from its bytes. A byte-order mark names UTF-8 or UTF-16 (little or big
 * endian) and is dropped; bytes that are valid UTF-8 are UTF-8; anything else is Windows-1252,
 * what Excel writes for "CSV (Comma delimited)" on a Western-European Windows. Text in that
 * encoding with an accented letter is almost never valid UTF-8 (é alone is 0xE9, which UTF-8
 * allows only before two continuation bytes), so trying UTF-8 first cannot misread it.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, 0xff, 0xfe)) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (startsWith(bytes, 0xfe, 0xff)) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    // TextDecoder drops a UTF-8 byte-order mark; `fatal` throws on the first byte UTF-8 does not allow
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
