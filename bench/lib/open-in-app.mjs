// A section opened inside the app, as a link opens it (the bench's and the trace's one notion of
// "shown"), and the record screens they open (recordPaths).

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

/** The first object with a numeric id in the first non-empty list of `body`. */
function firstIdIn(body) {
  if (Array.isArray(body)) return typeof body[0]?.id === 'number' ? body[0].id : null;
  if (!body || typeof body !== 'object') return null;
  for (const value of Object.values(body)) {
    const id = firstIdIn(value);
    if (id !== null) return id;
  }
  return null;
}

/** The first item's id in what a list screen reads from `api` (on a fast link, before timing). */
async function firstId(page, path, api, timeout) {
  const answer = page.waitForResponse(
    async (response) => api.test(new URL(response.url()).pathname) && firstIdIn(await response.json().catch(() => null)) !== null,
    { timeout },
  );
  await page.goto(path);
  return firstIdIn(await (await answer).json());
}

/**
 * The screens the bench and the trace open, for the signed-in `page`: the request list, the first
 * request's detail and the first retirement (their ids read from the lists' answers).
 */
export async function recordPaths(page, timeout) {
  const retirement = await firstId(page, '/dashboard/retirements', /^\/api\/v1\/retirement\/requests/, timeout);
  const request = await firstId(page, '/dashboard/requests', /^\/api\/v1\/requests\//, timeout);
  return { list: '/dashboard/requests', detail: `/dashboard/requests/${request}`, retirement: `/dashboard/retirements/${retirement}` };
}
