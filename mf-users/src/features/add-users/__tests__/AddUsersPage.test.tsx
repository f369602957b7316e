import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { renderScreen, signInAs } from '../../../test/render';
import AddUsersPage from '../AddUsersPage';

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const optionsOf = (label: RegExp) =>
  within(field(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

const user = userEvent.setup({ delay: null });

afterEach(() => clearSession());

describe('adding a single user', () => {
  it('names every missing field on Save, and clears a message once the field is right', async () => {
    signInAs('finance_officer');
    renderScreen(<AddUsersPage />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Department is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();

    await user.type(field(/^E-mail/), 'asha@');
    await user.tab();
    expect(await screen.findByText('E-mail asha@ is not a valid address')).toBeInTheDocument();
    await user.type(field(/^E-mail/), 'example.org');
    await waitFor(() => expect(screen.queryByText(/is not a valid address/)).not.toBeInTheDocument());

    await user.type(field(/^Full Name/), 'Asha Mushi');
    await waitFor(() => expect(screen.queryByText('Full name is required')).not.toBeInTheDocument());
  });

  it('keeps the phone number to digits and a leading +, shows how it will be saved, and flags what is not a mobile number', async () => {
    signInAs('finance_officer');
    renderScreen(<AddUsersPage />);
    fireEvent.change(field(/^Phone Number/), { target: { value: '+255 (71) 2' } });
    expect(field(/^Phone Number/).value).toBe('+255712');
    await user.type(field(/^Phone Number/), 'x345678');
    expect(field(/^Phone Number/).value).toBe('+255712345678');
    await user.clear(field(/^Phone Number/));
    // a spreadsheet's copy lost the leading zero: restored, and said so before Save
    await user.type(field(/^Phone Number/), '712345678');
    expect(screen.getByText('Saved as +255 712 345 678')).toBeInTheDocument();
    await user.clear(field(/^Phone Number/));
    await user.type(field(/^Phone Number/), '0222123456');
    await user.tab();
    expect(await screen.findByText('Phone number 0222123456 is not a valid mobile number (e.g. 0712 345 678)')).toBeInTheDocument();
    fireEvent.change(field(/^Phone Number/), { target: { value: '2.55712E+11' } });
    expect(field(/^Phone Number/).value).toBe('2.55712E+11');
    expect(
      await screen.findByText(
        'Phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number',
      ),
    ).toBeInTheDocument();
  });

  it('offers the director position and system roles other than staff to directors only', async () => {
    signInAs('finance_officer');
    const { unmount } = renderScreen(<AddUsersPage />);
    expect(optionsOf(/^Position/)).toEqual(['Choose…', 'Staff', 'Admin']);
    expect(optionsOf(/^System Role/)).toEqual(['Choose…', 'Staff']);
    expect(optionsOf(/^Department/)).toContain('Rising Stem Stars');
    unmount();

    signInAs('director');
    renderScreen(<AddUsersPage />);
    expect(optionsOf(/^Position/)).toEqual(['Choose…', 'Staff', 'Admin', 'Director']);
    expect(optionsOf(/^System Role/)).toContain('Director');
    expect(optionsOf(/^System Role/)).toContain('Board Chairman');
  });

  it('switches to the CSV upload with its template', async () => {
    signInAs('director');
    renderScreen(<AddUsersPage />);
    expect(screen.getByRole('radio', { name: 'Add Single User' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: 'Add Multiple Users' }));
    expect(await screen.findByRole('button', { name: 'Download Template' })).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a CSV file')).toHaveAttribute('accept', '.csv,text/csv');
    expect(screen.queryByLabelText(/^Full Name/)).not.toBeInTheDocument();
  });

  it('tells a staff member that only admins add users', () => {
    signInAs('staff');
    renderScreen(<AddUsersPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Only admins can add users.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
