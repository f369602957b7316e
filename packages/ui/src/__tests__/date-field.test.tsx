import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { dateTextProblem } from '@imprest/domain';
import { UiProvider } from '../provider';
import { DateField, DATE_FIELD_TEXT } from '../widgets/DateField';
import { FormField } from '../widgets/FormField';

/** A form's use of the field: the value it holds, and its validation's message once left. */
function Harness({ initial = '', min, max, onValue }: { initial?: string; min?: string; max?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  const [left, setLeft] = useState(false);
  return (
    <UiProvider>
      <FormField label="First day" required error={left ? (dateTextProblem(value, { min, max }) ?? undefined) : undefined}>
        <DateField value={value} min={min} max={max} onChange={(v) => (setValue(v), onValue?.(v))} onBlur={() => setLeft(true)} />
      </FormField>
      <output data-testid="held">{value}</output>
    </UiProvider>
  );
}

const box = () => screen.getByRole('textbox', { name: /First day/ });
const held = () => screen.getByTestId('held').textContent;

describe('DateField', () => {
  it('is a labelled dd/mm/yyyy box with a numeric keypad and a named calendar button', () => {
    render(<Harness />);
    expect(box()).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(box()).toHaveAttribute('inputmode', 'numeric');
    expect(box()).toBeRequired();
    expect(screen.getByRole('button', { name: DATE_FIELD_TEXT.calendar })).toBeInTheDocument();
  });

  it('puts the slashes in as the digits are typed and holds the ISO date of a whole day', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), '0503');
    expect(box()).toHaveValue('05/03/');
    expect(held()).toBe('05/03/');
    await user.type(box(), '2026');
    expect(box()).toHaveValue('05/03/2026');
    expect(held()).toBe('2026-03-05');
  });

  it('shows an ISO value en-GB, whatever the browser locale, and can be corrected with backspace', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-12-01" />);
    expect(box()).toHaveValue('01/12/2026');
    await user.type(box(), '{Backspace}{Backspace}{Backspace}{Backspace}2027');
    expect(box()).toHaveValue('01/12/2027');
    expect(held()).toBe('2027-12-01');
  });

  it('reports a partial date and a day that does not exist once the box is left', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), '1203');
    await user.tab();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the whole date as dd/mm/yyyy')).toBeInTheDocument();
    await user.clear(box());
    await user.type(box(), '31022026');
    expect(held()).toBe('31/02/2026');
    expect(screen.getByText('31/02/2026 is not a date: enter a real day as dd/mm/yyyy')).toBeInTheDocument();
  });

  it('offers the calendar only min to max, and reports a typed day outside them', async () => {
    const user = userEvent.setup();
    render(<Harness min="2026-03-10" max="2026-03-20" />);
    const picker = screen.getByTestId('date-picker');
    expect(picker).toHaveAttribute('min', '2026-03-10');
    expect(picker).toHaveAttribute('max', '2026-03-20');
    await user.type(box(), '09/03/2026');
    await user.tab();
    expect(screen.getByText('The date cannot be before 10/03/2026')).toBeInTheDocument();
    await user.clear(box());
    await user.type(box(), '21032026');
    expect(screen.getByText('The date cannot be after 20/03/2026')).toBeInTheDocument();
  });

  it('takes a day picked from the calendar as ISO and shows it en-GB', async () => {
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const picker = screen.getByTestId('date-picker') as HTMLInputElement;
    // jsdom has no picker to open: the button falls back to focusing and clicking the input
    fireEvent.click(screen.getByRole('button', { name: DATE_FIELD_TEXT.calendar }));
    await act(async () => void fireEvent.change(picker, { target: { value: '2026-04-30' } }));
    expect(onValue).toHaveBeenLastCalledWith('2026-04-30');
    expect(box()).toHaveValue('30/04/2026');
    expect(box()).toHaveFocus();
  });

  it('takes a pasted ISO date whole', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box());
    await user.paste('2026-07-01');
    expect(held()).toBe('2026-07-01');
    expect(box()).toHaveValue('01/07/2026');
  });
});
