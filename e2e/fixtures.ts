// The specs' `test`: which server to use, the page objects, and the mailbox of the e-mails the server sends.
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { AddUsersPage } from './pages/add-users-page';
import { BudgetDetailPage, BudgetFormPage, BudgetListPage } from './pages/budget-pages';
import { DashboardPage } from './pages/dashboard-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { NewPasswordPage } from './pages/new-password-page';
import { RequestDetailPage, RequestFormPage, RequestsHomePage, RequestsListPage } from './pages/request-pages';
import { SettingsPage } from './pages/settings-page';
import { SignInPage } from './pages/sign-in-page';
import { UserDetailPage } from './pages/user-detail-page';
import { UsersListPage } from './pages/users-list-page';
import { DEMO_PASSWORD } from './support/accounts';
import { signedInPerson, type Person } from './support/browser';
import { testServers } from './support/env';
import { Mailbox } from './support/mailbox';

interface Options {
  /** 'full' (default) or 'without-mf-budget', the degraded server; choose with test.use. */
  server: 'full' | 'without-mf-budget';
}

interface Fixtures {
  signInPage: SignInPage;
  forgotPasswordPage: ForgotPasswordPage;
  newPasswordPage: NewPasswordPage;
  dashboard: DashboardPage;
  settingsPage: SettingsPage;
  usersList: UsersListPage;
  addUsers: AddUsersPage;
  userDetail: UserDetailPage;
  budgetList: BudgetListPage;
  budgetDetail: BudgetDetailPage;
  budgetForm: BudgetFormPage;
  requestsHome: RequestsHomePage;
  requestsList: RequestsListPage;
  requestDetail: RequestDetailPage;
  requestForm: RequestFormPage;
  mailbox: Mailbox;
  /** The API on the spec's server, for setting the scene; disposed after the test. */
  api: APIRequestContext;
  /** Another person at another computer, signed in with the demo password; their browser is closed after the test. */
  signInAs: (email: string) => Promise<Person>;
}

export const test = base.extend<Fixtures & Options>({
  server: ['full', { option: true }],
  // read when a test runs: the global setup publishes the addresses after the spec files load
  baseURL: async ({ server }, use) => {
    const servers = testServers();
    await use(server === 'full' ? servers.baseURL : servers.degradedURL);
  },
  signInPage: async ({ page }, use) => use(new SignInPage(page)),
  forgotPasswordPage: async ({ page }, use) => use(new ForgotPasswordPage(page)),
  newPasswordPage: async ({ page }, use) => use(new NewPasswordPage(page)),
  dashboard: async ({ page }, use) => use(new DashboardPage(page)),
  settingsPage: async ({ page }, use) => use(new SettingsPage(page)),
  usersList: async ({ page }, use) => use(new UsersListPage(page)),
  addUsers: async ({ page }, use) => use(new AddUsersPage(page)),
  userDetail: async ({ page }, use) => use(new UserDetailPage(page)),
  budgetList: async ({ page }, use) => use(new BudgetListPage(page)),
  budgetDetail: async ({ page }, use) => use(new BudgetDetailPage(page)),
  budgetForm: async ({ page }, use) => use(new BudgetFormPage(page)),
  requestsHome: async ({ page }, use) => use(new RequestsHomePage(page)),
  requestsList: async ({ page }, use) => use(new RequestsListPage(page)),
  requestDetail: async ({ page }, use) => use(new RequestDetailPage(page)),
  requestForm: async ({ page }, use) => use(new RequestFormPage(page)),
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    await use(api);
    await api.dispose();
  },
  signInAs: async ({ browser, baseURL }, use) => {
    const people: Person[] = [];
    await use(async (email) => {
      const person = await signedInPerson(browser, baseURL!, email, DEMO_PASSWORD);
      people.push(person);
      return person;
    });
    for (const person of people) await person.context.close();
  },
  mailbox: async ({ server }, use) => {
    if (server !== 'full') throw new Error('only the full server’s mail is read by the specs');
    await use(new Mailbox(testServers().dataDir));
  },
});

export { expect };
