import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../provider';
import { AmountInput } from '../widgets/AmountInput';
import { SidePanel } from '../widgets/SidePanel';

// jsdom lacks the modal methods of <dialog>
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('SidePanel', () => {
  it('shows its title and content while open, and closes on Escape, the close button and a click beside it', () => {
    const onClose = jest.fn();
    const { rerender } = render(
      <UiProvider>
        <SidePanel open title="Approval Request Travel" onClose={onClose} footer={<button>Open</button>}>
          <p>Facts</p>
        </SidePanel>
      </UiProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Approval Request Travel' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByText('Facts')).toBeInTheDocument();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByText('Facts'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(3);

    rerender(
      <UiProvider>
        <SidePanel open={false} title="Approval Request Travel" onClose={onClose}>
          <p>Facts</p>
        </SidePanel>
      </UiProvider>,
    );
    expect(screen.queryByText('Facts')).not.toBeInTheDocument();
  });
});

function Amount() {
  const [value, setValue] = useState('');
  return <AmountInput name="amount" value={value} onChange={setValue} />;
}

describe('AmountInput', () => {
  it('keeps digits and one decimal point and shows thousands separators', () => {
    const { container } = render(
      <UiProvider>
        <Amount />
      </UiProvider>,
    );
    const input = container.querySelector('input')!;
    fireEvent.change(input, { target: { value: '12a34567.5.1' } });
    expect(input.value).toBe('1,234,567.51');
  });
});
