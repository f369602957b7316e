import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from '@imprest/router';
import { useMode } from '@imprest/api-client';
import type { User } from '@imprest/domain';
import { UiProvider } from '@imprest/ui';
import { Header } from '../features/layout/Header';
import { SkipLink } from '../features/layout/SkipLink';
import { MAIN_ID } from '../features/layout/route-focus';
import { ModeSelect } from '../features/layout/ModeSelect';

const officer = {
  id: 3,
  organization_id: 1,
  fullname: 'Neema Finance',
  system_role: 'finance_officer',
  role: 'finance_officer',
  settings: '{}',
} as User;

function renderHeader(path = '/dashboard/requests') {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <SkipLink />
        <Header user={officer} />
        <main id={MAIN_ID} tabIndex={-1}>
          <Link to="/dashboard/budget">to budget</Link>
        </main>
      </MemoryRouter>
    </UiProvider>,
  );
}

describe('the header, for keyboard and screen-reader users', () => {
  it('names the user menu by what it shows (the name and role), and the New link by its words', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: 'Neema Finance Finance Officer' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getByRole('link', { name: 'New Requests' })).toHaveAttribute('href', '/dashboard/new-requests');
  });

  it('runs the user menu with the arrow keys and gives focus back to its button on Escape', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: /Neema Finance/ });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual(['Settings', 'Log Out']);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the last item with ArrowUp', async () => {
    const user = userEvent.setup();
    renderHeader();
    screen.getByRole('button', { name: /Neema Finance/ }).focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();
  });

  it('offers a skip link first, which moves focus to the main region', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('moves focus to the new page’s heading when the route changes, and not on the first load', async () => {
    const user = userEvent.setup();
    renderHeader();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'to budget' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Budget' })).toHaveFocus());
  });
});

describe('the mode dropdown', () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers the mode a user picks, for the next load', async () => {
    const user = userEvent.setup();
    useMode.setState({ currentMode: 'admin' });
    render(
      <UiProvider>
        <ModeSelect user={officer} />
      </UiProvider>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'staff');
    expect(useMode.getState().currentMode).toBe('staff');
    expect(window.localStorage.getItem('imprest.mode.3')).toBe('staff');
  });
});
