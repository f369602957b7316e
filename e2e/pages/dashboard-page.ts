import { expect, type Locator, type Page } from '@playwright/test';

const SESSION_STORAGE_KEY = 'imprest.session';

/** The dashboard shell: header (title, New button, mode, user menu), side menu, phone footer. */
export class DashboardPage {
  readonly title: Locator;
  readonly header: Locator;
  /** Where the section's remote renders. */
  readonly main: Locator;
  readonly sideMenu: Locator;
  /** The side menu's sections, without the brand link to Home. */
  readonly menuItems: Locator;
  readonly footer: Locator;
  readonly footerItems: Locator;
  readonly newButton: Locator;
  readonly mode: Locator;
  readonly userMenu: Locator;
  /** The honest placeholder a remote shows for a screen that a later release delivers. */

  constructor(readonly page: Page) {
    this.title = page.getByTestId('page-title');
    this.header = page.getByRole('banner');
    this.main = page.getByRole('main');
    this.sideMenu = page.getByRole('navigation', { name: 'Main' });
    this.menuItems = this.sideMenu.getByRole('link').filter({ hasNotText: /^Imprest$/ });
    this.footer = page.getByRole('navigation', { name: 'Footer' });
    this.footerItems = this.footer.getByRole('link');
    this.newButton = this.header.getByRole('link', { name: /^New / });
    this.mode = page.getByRole('combobox', { name: 'Mode' });
    // the menu button is named by the user it shows (WCAG 2.5.3)
    this.userMenu = this.header.locator('button[aria-haspopup="menu"]');
  }

  async goto(path = '/dashboard'): Promise<void> {
    await this.page.goto(path);
  }

  async expectTitle(title: string): Promise<void> {
    await expect(this.title).toHaveText(title);
  }

  /** The panel a section shows when its remote cannot be loaded. */
  unavailableSection(section: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: `The ${section} section could not be loaded.` });
  }

  async openFromMenu(label: string): Promise<void> {
    await this.sideMenu.getByRole('link', { name: label, exact: true }).click();
  }

  async logOut(): Promise<void> {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: 'Log Out' }).click();
  }

  /** The session as kept in local storage (zustand's persisted state). */
  async storedSession(): Promise<{ token?: string | null; currentUser?: unknown } | null> {
    const raw = await this.page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
    if (!raw) return null;
    return (JSON.parse(raw) as { state?: { token?: string | null; currentUser?: unknown } }).state ?? null;
  }

  /** Replaces the stored token, as a tampered or stale storage would hold it. */
  async replaceStoredToken(token: string): Promise<void> {
    await this.page.evaluate(
      ([key, value]) => {
        const stored = JSON.parse(window.localStorage.getItem(key!) ?? '{}') as { state?: Record<string, unknown> };
        stored.state = { ...stored.state, token: value };
        window.localStorage.setItem(key!, JSON.stringify(stored));
      },
      [SESSION_STORAGE_KEY, token],
    );
  }
}
