import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { addCalendarDays, organizationToday } from '@imprest/domain';

export const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;

export const selected = (label: RegExp) => {
  const select = field(label);
  return select.options[select.selectedIndex].textContent;
};

/** Sets a field's value in one change, as a paste or a pick would, and leaves it. */
export async function enter(label: RegExp, value: string) {
  await act(async () => {
    fireEvent.change(field(label), { target: { value } });
    fireEvent.blur(field(label));
  });
}

export const LABELS = {
  purpose: /^Purpose of expenditure/,
  mode: /^Mode/,
  transporter: /^Name of Transporter/,
  establishment: /^Name of Establishment/,
  date: /^Intended expenditure date/,
  justification: /^Justification/,
  amount: /^Amount(?!s)/,
  currency: /^Currency/,
  code: /^Budget Code/,
  payment: /^Means of payment/,
  tax: /^Amounts are:/,
};

/** A day `days` from today on the organisation's calendar (the default zone here), ISO, as the form holds it. */
export function dayFromToday(days: number): string {
  return addCalendarDays(organizationToday(), days);
}

/** An ISO day as the date field shows it and a person types it (dd/mm/yyyy). */
export const enGb = (iso: string) => iso.split('-').reverse().join('/');

/** Waits for the budget code pick list to arrive. */
export async function codesLoaded() {
  await waitFor(() => expect(document.querySelectorAll('datalist option').length).toBeGreaterThan(0));
}

/** A complete travel request in the form. */
export async function fillTravel(date = dayFromToday(3)) {
  await codesLoaded();
  await enter(LABELS.purpose, 'travel');
  await enter(LABELS.mode, 'airTransport');
  await enter(LABELS.transporter, 'Precision Air');
  await enter(LABELS.date, enGb(date));
  await enter(LABELS.justification, 'Board meeting in Arusha');
  await enter(LABELS.amount, '450,000.50');
  await enter(LABELS.code, '6101 - Office rent');
}
