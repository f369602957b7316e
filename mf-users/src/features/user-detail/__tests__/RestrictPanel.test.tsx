import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@imprest/domain';
import { renderScreen, signInAs } from '../../../test/render';
import { RestrictPanel } from '../RestrictPanel';

const target: User = { ...signInAs('staff', 7), fullname: 'Neema Mushi', is_locked: false };
const user = userEvent.setup({ delay: null });

describe('Restrict Requests', () => {
  it('asks before locking a user, and Cancel leaves the account open', async () => {
    signInAs('finance_officer', 1);
    renderScreen(<RestrictPanel user={target} />, '/dashboard/view-user/7');
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    const question = screen.getByText(
      'Are you sure you want to lock Neema Mushi? They will not be able to submit new requests or edit existing ones until the account is unlocked.',
    );
    const dialog = question.closest('dialog')!;
    expect(within(dialog).getByRole('button', { name: 'Lock', hidden: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(screen.queryByText(/Are you sure/)).not.toBeInTheDocument();
  });

  it('asks before unlocking a locked user', async () => {
    signInAs('finance_officer', 1);
    renderScreen(<RestrictPanel user={{ ...target, is_locked: true }} />, '/dashboard/view-user/7');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(
      screen.getByText('Are you sure you want to unlock Neema Mushi? They will be able to submit and edit requests again.'),
    ).toBeInTheDocument();
  });
});
