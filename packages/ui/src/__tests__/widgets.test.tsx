import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UiProvider } from '../provider';
import { SearchInput } from '../widgets/SearchInput';
import { FileUpload } from '../widgets/FileUpload';
import { DataTable } from '../widgets/DataTable';
import { FormAlert } from '../widgets/form-alert';

const wrap = (node: React.ReactNode) => render(<UiProvider>{node}</UiProvider>);

describe('SearchInput', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('searches 1000 ms after the last keystroke, once', () => {
    const onSearch = jest.fn();
    wrap(<SearchInput onSearch={onSearch} placeholder="Search users" />);
    const box = screen.getByLabelText('Search users');
    fireEvent.change(box, { target: { value: 'as' } });
    act(() => jest.advanceTimersByTime(600));
    fireEvent.change(box, { target: { value: 'asha ' } });
    act(() => jest.advanceTimersByTime(999));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('asha');
  });
});

function Upload({ csvOnly }: { csvOnly?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  return <FileUpload files={files} onChange={setFiles} csvOnly={csvOnly} />;
}

describe('FileUpload', () => {
  it('refuses anything but CSV in CSV mode and shows a removable chip for a CSV', () => {
    wrap(<Upload csvOnly />);
    const input = screen.getByLabelText('Choose a CSV file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'people.xlsx')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('people.xlsx: only CSV files are accepted');
    fireEvent.change(input, { target: { files: [new File(['fullname,email\n'], 'people.csv', { type: 'text/csv' })] } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove people.csv' }));
    expect(screen.queryByText(/people\.csv/)).not.toBeInTheDocument();
  });

  it('refuses files over the size limit', () => {
    render(
      <UiProvider>
        <FileUpload files={[]} onChange={() => undefined} maxBytes={4} />
      </UiProvider>,
    );
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [new File(['12345'], 'scan.pdf')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('scan.pdf: larger than 4 B');
  });
});

describe('DataTable', () => {
  it("says 'No {type} found!' when empty", () => {
    wrap(<DataTable columns={[]} rows={[]} rowKey={() => 1} type="users" />);
    expect(screen.getByText('No users found!')).toBeInTheDocument();
  });

  it('says nothing while no answer came and none is being fetched (offline: the shell says why)', () => {
    const { container } = wrap(<DataTable columns={[]} rows={undefined} rowKey={() => 1} type="users" />);
    expect(screen.queryByText('No users found!')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('');
  });

  it('gives the action column a header that screen readers hear', () => {
    const columns = [
      { header: 'NAME', cell: (row: { name: string }) => row.name },
      { header: '', cell: () => <button type="button">View</button> },
    ];
    wrap(<DataTable columns={columns} rows={[{ name: 'Asha' }]} rowKey={(row) => row.name} type="users" />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['NAME', 'Action']);
  });

  it('keeps the rows shown while they are refreshed, marked busy until the answer comes', () => {
    const columns = [{ header: 'NAME', cell: (row: { name: string }) => row.name }];
    const table = (loading: boolean) => (
      <DataTable columns={columns} rows={[{ name: 'Asha' }]} rowKey={(row) => row.name} type="users" loading={loading} />
    );
    const { container, rerender } = wrap(table(true));
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toContainElement(screen.getByText('Asha'));
    rerender(<UiProvider>{table(false)}</UiProvider>);
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });
});

describe('FormAlert', () => {
  it('announces a fixed text followed by its detail', () => {
    wrap(
      <FormAlert status="error" detail="e-mail a@b.co is already in use">
        Error! Failed to create user
      </FormAlert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error! Failed to create user e-mail a@b.co is already in use');
  });
});
