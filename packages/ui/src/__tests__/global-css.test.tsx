import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { globalCssText } from '../global-css';
import { UiProvider } from '../provider';
import { designSystem } from '../system';
import { rulesWritten } from './rules-written';

const system = designSystem();

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the design system's global style sheet as text", () => {
  it('is what ChakraProvider has Emotion write, rule for rule', () => {
    const written = rulesWritten(() => render(<ChakraProvider value={system}>page</ChakraProvider>));
    expect(written.length).toBeGreaterThan(30_000);
    expect(written.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(written).toContain('--chakra-colors-teal-700:');
    expect(globalCssText(system)).toBe(written);
  });

  it('is the same text when the build makes it, in Node (mf-config global-css.cjs)', () => {
    const built = execFileSync(
      process.execPath,
      [
        '-e',
        `process.stdout.write(require(${JSON.stringify(path.resolve(__dirname, '../../../mf-config/global-css.cjs'))}).chakraGlobalCss())`,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    expect(built).toBe(globalCssText(system));
  });

  it('UiProvider puts it in one <style> and Chakra writes no global styles of its own', () => {
    const written = rulesWritten(() => {
      const { rerender } = render(<UiProvider>page</UiProvider>);
      rerender(<UiProvider>page again</UiProvider>);
      render(<UiProvider>a second tree</UiProvider>);
    });
    const sheets = document.head.querySelectorAll('style[data-imprest-global]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0].textContent).toBe(globalCssText(system));
    expect(written).toBe('');
  });
});
