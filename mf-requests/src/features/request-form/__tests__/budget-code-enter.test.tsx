import { act, fireEvent, waitFor } from '@testing-library/react';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { renderScreen, signInAs, startApi, type Call, type FakeApi } from '@imprest/test-utils';
import RequestFormPage from '../RequestFormPage';
import { budgetAnswers } from './api';
import { LABELS, field, fillTravel } from './fill';

jest.setTimeout(20_000);

let api: FakeApi;

beforeEach(async () => {
  api = await startApi((call: Call) => budgetAnswers(call));
  signInAs('staff');
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

const posts = () => api.calls.filter((c) => c.method === 'POST');
const press = (key: string) => act(async () => void fireEvent.keyDown(field(LABELS.code), { key }));

describe('Enter in the Budget Code field', () => {
  it('never submits the form, and picks the one code the text still offers', async () => {
    renderScreen(<RequestFormPage />, '/dashboard/new-requests');
    await fillTravel();
    await act(async () => void fireEvent.change(field(LABELS.code), { target: { value: 'office r' } }));
    await press('ArrowDown');
    const enter = fireEvent.keyDown(field(LABELS.code), { key: 'Enter' });
    // the default (the form's implicit submission) is prevented
    expect(enter).toBe(false);
    await waitFor(() => expect(field(LABELS.code)).toHaveValue('6101 - Office rent'));
    // jsdom submits nothing on a prevented Enter either way: what counts is that no request went out
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts()).toHaveLength(0);
  });

  it('leaves the text alone when it offers several codes or none', async () => {
    renderScreen(<RequestFormPage />, '/dashboard/new-requests');
    await fillTravel();
    await act(async () => void fireEvent.change(field(LABELS.code), { target: { value: 'zzz' } }));
    expect(fireEvent.keyDown(field(LABELS.code), { key: 'Enter' })).toBe(false);
    expect(field(LABELS.code)).toHaveValue('zzz');
  });
});

describe('submitting twice', () => {
  it('sends one request when Submit is pressed again while the first is on its way', async () => {
    renderScreen(<RequestFormPage />, '/dashboard/new-requests');
    await fillTravel();
    const form = field(LABELS.code).closest('form')!;
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await waitFor(() => expect(posts()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts()).toHaveLength(1);
  });
});
