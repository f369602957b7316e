// The two widths every screen is looked at (a phone and a laptop), photographed into the test's output folder.
import { test, type Page } from '@playwright/test';

export const SCREEN_WIDTHS = [1280, 390] as const;

/** Full-page screenshots `{name}-1280.png` and `{name}-390.png`, from the top, then back to the laptop width. */
export async function photograph(page: Page, name: string): Promise<void> {
  // from the top, so the sticky header sits where a person sees it
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
