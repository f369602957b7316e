import { displayFileName, fileKind, formatBytes, isAcceptedUpload } from '../files';

describe('files', () => {
  it('classifies by extension only', () => {
    expect(fileKind('receipt.JPEG')).toBe('image');
    expect(fileKind('budget.xlsx')).toBe('msdoc');
    expect(fileKind('slides.pptx')).toBe('msdoc');
    expect(fileKind('scan.pdf')).toBe('pdf');
    expect(fileKind('bundle.zip')).toBe('zip');
    expect(fileKind('notes.txt')).toBe('none');
    expect(fileKind('no-extension')).toBe('none');
  });
  it('accepts the upload types of SPEC §3, or only CSV in CSV mode', () => {
    expect(isAcceptedUpload('a.pdf')).toBe(true);
    expect(isAcceptedUpload('a.gif')).toBe(false);
    expect(isAcceptedUpload('users.csv', true)).toBe(true);
    expect(isAcceptedUpload('users.xlsx', true)).toBe(false);
  });
  it('drops the 7-character prefix from display names', () => {
    expect(displayFileName('ab3x9Q_receipt.pdf')).toBe('receipt.pdf');
  });
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
