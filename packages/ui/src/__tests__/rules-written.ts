/**
 * The rules Emotion writes while `run` renders, in order. Outside development it writes each with
 * insertRule, and jsdom's CSS parser drops what it cannot read (@layer), so the calls are read.
 */
export function rulesWritten(run: () => void): string {
  const insertRule = jest.spyOn(CSSStyleSheet.prototype, 'insertRule');
  try {
    run();
    return insertRule.mock.calls.map(([rule]) => rule).join('');
  } finally {
    insertRule.mockRestore();
  }
}
