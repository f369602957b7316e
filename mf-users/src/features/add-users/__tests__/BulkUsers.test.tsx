import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/render';
import { BulkUsers } from '../BulkUsers';

const CSV = [
  'Full Name,Department,Phone Number,EMAIL',
  '"Mushi, Asha",Finance,+255 712 345 678,asha@example.org',
  '',
  '"Neema ""Nemo"" Ally",it,0755000111,neema@example.org',
  'Juma Said,outreach,0713000222,juma@',
].join('\n');

function upload(content: string | Uint8Array<ArrayBuffer>, name = 'people.csv') {
  fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

/** Text as Excel's "CSV (Comma delimited)" saves it: Windows-1252, one byte a character (all here are below U+0100). */
const windows1252 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const user = userEvent.setup({ delay: null });
const cell = (row: number, field: string) => screen.getByLabelText(`Row ${row} ${field}`) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' });

describe('the CSV preview', () => {
  beforeEach(() => renderScreen(<BulkUsers onAdded={jest.fn()} onCancel={jest.fn()} />));

  it('shows the parsed rows, editable, with the problems of each row', async () => {
    upload(CSV);
    expect(await screen.findByText('3. Check the 3 users')).toBeInTheDocument();
    expect(cell(1, 'Full Name').value).toBe('Mushi, Asha');
    expect(cell(1, 'Department').value).toBe('finance');
    expect(cell(1, 'Phone Number').value).toBe('+255712345678');
    expect(cell(2, 'Full Name').value).toBe('Neema "Nemo" Ally');

    const row3 = screen.getByRole('listitem', { name: 'Row 3' });
    expect(within(row3).getByText('E-mail juma@ is not a valid address')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Correct the row marked in red before saving.');

    await user.type(cell(3, 'E-mail'), 'example.org');
    expect(within(row3).queryByText(/is not a valid address/)).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('flags an e-mail used twice, and forgets a removed row', async () => {
    upload(CSV.replace('juma@', 'juma@example.org'));
    await screen.findByText('3. Check the 3 users');
    await user.clear(cell(3, 'E-mail'));
    await user.type(cell(3, 'E-mail'), 'ASHA@example.org');
    expect(screen.getByText('E-mail asha@example.org is also in row 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove row 3' }));
    expect(screen.getByText('3. Check the 2 users')).toBeInTheDocument();
    expect(screen.queryByText(/is also in row/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Row 3 E-mail')).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('adds an empty row that must be filled in, and keeps phones to digits and a leading +', async () => {
    upload(CSV.replace('juma@', 'juma@example.org'));
    await screen.findByText('3. Check the 3 users');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const row4 = screen.getByRole('listitem', { name: 'Row 4' });
    expect(within(row4).getByText('Full name is required')).toBeInTheDocument();
    await user.type(cell(4, 'Phone Number'), '+07a1-2');
    expect(cell(4, 'Phone Number').value).toBe('+0712');
    await user.selectOptions(cell(4, 'Department'), 'Engineering');
    expect(within(row4).queryByText('Department is required')).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('keeps a department the list lacks visible until it is corrected', async () => {
    upload(CSV.replace('outreach', 'Legal'));
    await screen.findByText('3. Check the 3 users');
    expect(cell(3, 'Department').value).toBe('Legal');
    expect(screen.getByText('Department "Legal" is not one of the departments')).toBeInTheDocument();
  });

  it('refuses a file without the needed columns', async () => {
    upload('name,email\nAsha,asha@example.org\n');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file has no column for: department, phone_number. The first row must name the columns name, department, phone, email.',
    );
    expect(screen.queryByText(/Check the/)).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('refuses more users than one upload may hold', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `Person ${i},it,0712345678,p${i}@example.org`);
    upload(['name,department,phone,email', ...rows].join('\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file has 501 users; at most 500 can be added at once.');
  });
});

describe('a file saved by Excel', () => {
  beforeEach(() => renderScreen(<BulkUsers onAdded={jest.fn()} onCancel={jest.fn()} />));

  it('reads a Windows-1252 file with its accents, and says how it was read', async () => {
    upload(windows1252('name,department,phone,email\r\nZuhura Ñandú,Finance,0712345678,zuhura@example.org\r\n'));
    await screen.findByText('3. Check the user');
    expect(cell(1, 'Full Name').value).toBe('Zuhura Ñandú');
    expect(screen.getByText(/^Read as Windows-1252/)).toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('names the row of a phone damaged by the spreadsheet, keeps Save off until it is fixed, and restores a lost leading zero', async () => {
    upload(
      [
        'name,department,phone,email',
        'Asha Mushi,Finance,712345678,asha@example.org',
        'Juma Said,Finance,2.55712E+11,juma@example.org',
        'Neema Ally,Finance,25571211,neema@example.org',
      ].join('\r\n'),
    );
    await screen.findByText('3. Check the 3 users');
    expect(cell(1, 'Phone Number').value).toBe('+255712345678');
    expect(cell(2, 'Phone Number').value).toBe('2.55712E+11');
    const row2 = screen.getByRole('listitem', { name: 'Row 2' });
    expect(
      within(row2).getByText(
        'Phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number',
      ),
    ).toBeInTheDocument();
    const row3 = screen.getByRole('listitem', { name: 'Row 3' });
    expect(within(row3).getByText('Phone number 25571211 is not a valid mobile number (e.g. 0712 345 678)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Correct the 2 rows marked in red before saving.');
    expect(save()).toBeDisabled();

    await user.clear(cell(2, 'Phone Number'));
    await user.type(cell(2, 'Phone Number'), '0712 345 679');
    await user.clear(cell(3, 'Phone Number'));
    await user.type(cell(3, 'Phone Number'), '+255754000002');
    expect(within(row2).queryByText(/Phone number/)).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });
});

describe('a long CSV preview', () => {
  beforeEach(() => renderScreen(<BulkUsers onAdded={jest.fn()} onCancel={jest.fn()} />));

  // label queries over hundreds of inputs are slow in jsdom: this test finds values and rows instead
  it('shows 50 rows a page and can narrow to the rows with problems', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `Person ${i + 1},it,0712345678,${i === 54 ? 'broken@' : `p${i}@example.org`}`);
    upload(['name,department,phone,email', ...rows].join('\n'));
    await screen.findByText('3. Check the 60 users');
    const shownRows = () => screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'));
    expect(shownRows()).toHaveLength(50);
    expect(screen.getByDisplayValue('Person 50')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Person 51')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownRows()).toEqual(Array.from({ length: 10 }, (_, i) => `Row ${51 + i}`));

    await user.click(screen.getByRole('button', { name: 'Show only the row with problems' }));
    expect(shownRows()).toEqual(['Row 55']);
    // a row being corrected stays in view, though it no longer has a problem
    await user.type(screen.getByDisplayValue('broken@'), 'example.org');
    expect(shownRows()).toEqual(['Row 55']);
    expect(screen.queryByText(/is not a valid address/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all rows' }));
    expect(shownRows()).toHaveLength(50);
  });
});
