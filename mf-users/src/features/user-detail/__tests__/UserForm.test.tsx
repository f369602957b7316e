import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@imprest/domain';
import { renderScreen, signInAs } from '../../../test/render';
import { UserForm } from '../UserForm';

const target: User = {
  ...signInAs('staff', 7),
  fullname: 'Neema Mushi',
  email: 'neema@example.org',
  department: 'engineering',
  role: 'staff',
  system_role: 'staff',
};

const user = userEvent.setup({ delay: null });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function show(actor: User) {
  renderScreen(<UserForm user={target} actor={actor} onBack={jest.fn()} onDelete={jest.fn()} />, '/dashboard/view-user/7');
}

describe('the user detail form', () => {
  it('is read-only until Edit', async () => {
    show(signInAs('director', 1));
    expect(field(/^Full Name/)).toHaveAttribute('readonly');
    expect(field(/^Department/).value).toBe('Engineering');
    expect(screen.queryByRole('button', { name: 'Update User' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field(/^Full Name/)).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Update User' })).toBeInTheDocument();
  });

  it('puts the values back on Cancel', async () => {
    show(signInAs('director', 1));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field(/^Full Name/));
    await user.type(field(/^Full Name/), 'Somebody Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field(/^Full Name/).value).toBe('Neema Mushi');
    expect(field(/^Full Name/)).toHaveAttribute('readonly');
  });

  it('keeps name, department, position and system role locked for a non-director admin', async () => {
    show(signInAs('finance_officer', 1));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    for (const label of [/^Full Name/, /^Department/, /^Position/, /^System Role/, /^E-mail/]) expect(field(label)).toBeDisabled();
    expect(field(/^Phone Number/)).toBeEnabled();
    expect(
      screen.getByText("Only directors can change the name, department, position and system role, and another user's e-mail address."),
    ).toBeInTheDocument();
  });

  it("lets the account holder change their own e-mail, and a director anyone's", async () => {
    renderScreen(<UserForm user={target} actor={{ ...target }} onBack={jest.fn()} />, '/dashboard/view-user/7');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field(/^E-mail/)).toBeEnabled();
    expect(field(/^Full Name/)).toBeDisabled();
  });

  it('offers no Edit to a staff member looking at someone else', () => {
    show(signInAs('staff', 2));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
