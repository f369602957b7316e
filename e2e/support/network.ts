// What a spec does to the page's traffic: holding a file back to show what starts without it, and
// waiting for the realtime connection before counting reads.
import type { Page } from '@playwright/test';

/** Holds back the scripts `url` matches until the function it gives is called. */
export async function holdScripts(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The realtime connection's join. Each join reads what is on screen again (changes made before it
 * could hear them), which on a page opened meanwhile would be a second read: a spec counting reads
 * waits for it first.
 */
export const realtimeJoined = (page: Page) =>
  page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('43')));
