import {
  displayFileName,
  fileKind,
  formatBytes,
  isAcceptedUpload,
  isStoredFileKey,
  MAX_UPLOAD_NAME_LENGTH,
  safeUploadName,
  uploadContentType,
  uploadNameProblem,
} from '../text/files';

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
  it('accepts the upload types of docs/records.md, or only CSV in CSV mode', () => {
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

describe('upload names and stored keys', () => {
  it('gives each accepted extension its one content type', () => {
    expect(uploadContentType('Scan.PDF')).toBe('application/pdf');
    expect(uploadContentType('photo.jpg')).toBe('image/jpeg');
    expect(uploadContentType('users.csv')).toBe('text/csv');
    expect(uploadContentType('page.html')).toBeNull();
    expect(uploadContentType('setup.exe')).toBeNull();
    expect(uploadContentType('constructor')).toBeNull();
    expect(uploadContentType('x.constructor')).toBeNull();
  });
  it('refuses separators, control characters and types that are not accepted', () => {
    expect(uploadNameProblem('receipt.pdf')).toBeNull();
    expect(uploadNameProblem('../../etc/passwd')).toMatch(/\//);
    expect(uploadNameProblem('..\\win.pdf')).toMatch(/\\/);
    expect(uploadNameProblem('a\u0000.pdf')).toMatch(/control/);
    expect(uploadNameProblem('a\n.pdf')).toMatch(/control/);
    expect(uploadNameProblem('page.html')).toMatch(/^Only pdf, jpg/);
    expect(uploadNameProblem('setup.exe')).toMatch(/^Only/);
    expect(uploadNameProblem('   ')).toMatch(/required/);
  });
  it('makes names safe, keeping the extension', () => {
    expect(safeUploadName('  ..hidden  report.PDF')).toBe('hidden report.pdf');
    expect(safeUploadName('a"b<c>:d|e?f*.png')).toBe('a_b_c__d_e_f_.png');
    expect(safeUploadName('.pdf')).toBe('pdf');
    expect(safeUploadName(`${'x'.repeat(300)}.docx`)).toBe(`${'x'.repeat(MAX_UPLOAD_NAME_LENGTH - 5)}.docx`);
    expect(safeUploadName('Ripoti ya Safari – Dodoma.pdf')).toBe('Ripoti ya Safari – Dodoma.pdf');
  });
  it('recognises only generated keys', () => {
    expect(isStoredFileKey('ab3x9q0receipt.pdf')).toBe(true);
    expect(displayFileName('ab3x9q0receipt.pdf')).toBe('receipt.pdf');
    expect(isStoredFileKey('ab3x9qreceipt.pdf')).toBe(true); // the 7th character is part of the prefix
    expect(isStoredFileKey('AB3X9Q0receipt.pdf')).toBe(false);
    expect(isStoredFileKey('ab3x9q0../x.pdf')).toBe(false);
    expect(isStoredFileKey('ab3x9q0.hidden.pdf')).toBe(false);
    expect(isStoredFileKey('ab3x9q0page.html')).toBe(false);
    expect(isStoredFileKey('ab3x9q0')).toBe(false);
    expect(isStoredFileKey('ab3x9q0a\u0000.pdf')).toBe(false);
  });
});
