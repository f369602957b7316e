/**
 * LibreOffice, headless, as a second real reader of the workbooks: where it is installed
 * (`apt-get install libreoffice-calc`), a test converts a file with it; elsewhere the test is skipped.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const hasSoffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

/** Converts `file` to `format` (csv, pdf, …) beside it and gives the new file's path. */
export function convertWithSoffice(file: string, format: string): string {
  const dir = path.dirname(file);
  // a profile of its own: a LibreOffice already running for the user would take the job and exit 0 with no file
  execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', format, '--outdir', dir, file], {
    stdio: 'ignore',
    timeout: 120_000,
  });
  return path.join(dir, `${path.basename(file, path.extname(file))}.${format}`);
}
