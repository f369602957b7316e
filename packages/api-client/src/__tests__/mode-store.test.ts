/** @jest-environment jsdom */
import type { User } from '@imprest/domain';
import { chooseMode, modeOnMount, useMode } from '../mode-store';

const officer = { id: 3, fullname: 'Neema Finance', system_role: 'finance_officer' } as User;
const staff = { id: 4, fullname: 'Asha Mushi', system_role: 'staff' } as User;

describe('the mode a dashboard opens in', () => {
  beforeEach(() => window.localStorage.clear());

  it('follows SPEC’s on-mount rule the first time', () => {
    expect(modeOnMount(officer)).toBe('admin');
    expect(modeOnMount(staff)).toBe('staff');
  });

  it('is the mode the user chose, after a reload', () => {
    chooseMode(officer, 'staff');
    expect(useMode.getState().currentMode).toBe('staff');
    expect(modeOnMount(officer)).toBe('staff');
  });

  it('is one user’s choice only: the next person on the phone gets their own', () => {
    chooseMode(officer, 'staff');
    expect(modeOnMount({ ...officer, id: 5 })).toBe('admin');
  });

  it('drops a remembered Admin once the user has lost admin permission', () => {
    chooseMode(officer, 'admin');
    expect(modeOnMount({ ...officer, system_role: 'staff' })).toBe('staff');
  });
});
