// A second person at another computer: their own browser context, signed in through the sign-in page.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DashboardPage } from '../pages/dashboard-page';
import { SignInPage } from '../pages/sign-in-page';

export interface Person {
  context: BrowserContext;
  page: Page;
  dashboard: DashboardPage;
  /** Their session token, for putting things back through the API after the spec. */
  token: string;
}

export async function signedInPerson(browser: Browser, baseURL: string, email: string, password: string): Promise<Person> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(email, password);
    const dashboard = new DashboardPage(page);
    const token = (await dashboard.storedSession())?.token;
    if (!token) throw new Error(`no session token after ${email} signed in`);
    return { context, page, dashboard, token };
  } catch (error) {
    await context.close();
    throw error;
  }
}
