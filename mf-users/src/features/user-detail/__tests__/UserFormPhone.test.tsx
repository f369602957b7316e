import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@imprest/domain';
import { startApi, type Call, type FakeApi } from '@imprest/test-utils';
import { renderScreen, signInAs } from '../../../test/render';
import { UserForm } from '../UserForm';

const user = userEvent.setup({ delay: null });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

let api: FakeApi;
afterEach(async () => {
  await api.close();
});

/** PUT users answered with the user as the server would keep it. */
function serve(target: User) {
  return startApi((call: Call) =>
    call.method === 'PUT' && call.path === 'users' ? { body: { user: { ...target, ...(call.body as Partial<User>) } } } : undefined,
  );
}

function show(target: User) {
  renderScreen(<UserForm user={target} actor={signInAs('director', 1)} onBack={jest.fn()} />, `/dashboard/view-user/${target.id}`);
}

const someone = (phone_number: string): User => ({
  ...signInAs('staff', 7),
  fullname: 'Neema Mushi',
  email: 'neema@example.org',
  phone_number,
});

// docs/product-rules.md §Phone numbers: stored numbers shown and edited
describe('the phone number on the user detail', () => {
  it('shows a stored number in the international form, and sends what is typed as E.164', async () => {
    const target = someone('0712345601');
    api = await serve(target);
    show(target);
    expect(field(/^Phone Number/).value).toBe('+255 712 345 601');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field(/^Phone Number/));
    await user.type(field(/^Phone Number/), '754 000 002');
    expect(screen.getByText('Saved as +255 754 000 002')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    await screen.findByText('User updated.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ user_id: 7, phone_number: '+255754000002' });
  });

  it('lets a number stored before the check stay, says it is not valid, and refuses a damaged one typed in its place', async () => {
    const target = someone('12345678');
    api = await serve(target);
    show(target);
    expect(field(/^Phone Number/).value).toBe('12345678');
    expect(screen.getByText(/^Not a valid mobile number/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field(/^Phone Number/));
    await user.type(field(/^Phone Number/), '25571211');
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('Phone number 25571211 is not a valid mobile number (e.g. 0712 345 678)')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(field(/^Phone Number/));
    await user.type(field(/^Phone Number/), '12345678');
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls[0].body).toMatchObject({ phone_number: '12345678' });
  });
});
