// A section opened inside the app, as a link opens it: the bench's and the trace's one notion of "shown".

/**
 * Moves the app to `path` as its links do, and times until the new screen shows its data (ms);
 * `onStart` hears the instant the move began.
 */
export async function openInApp(page, path, timeout, onStart = () => {}) {
  if (new URL(page.url()).pathname === path) return 0;
  const before = await page.locator('main').innerText();
  const t0 = Date.now();
  onStart(t0);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const shown = page.waitForFunction(
    (previous) => {
      const main = document.querySelector('main');
      if (!main || main.querySelector('[role=status][aria-label^="Loading"]')) return false;
      const text = main.innerText;
      return text !== previous && text.trim().length >= 40 && !/Loading/.test(text);
    },
    before,
    { timeout, polling: 20 },
  );
  await shown.catch(async (error) => {
    const text = (
      await page
        .locator('main')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    throw new Error(`${path} did not show its data: ${text}`, { cause: error });
  });
  return Date.now() - t0;
}
