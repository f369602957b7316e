import { findDepartment, readUserCsvText, userTemplateCsv } from '../user-csv';

describe('reading a users CSV', () => {
  it('reads quoted names, doubled quotes, skips empty lines and accepts header aliases', () => {
    const text = [
      'Full Name , DEPARTMENT,Phone Number,E-mail',
      '"Mushi, Asha",Finance,+255 712 345 678,asha@example.org',
      '',
      '"Neema ""Nemo"" Ally",rising stem stars,0755 000 111,neema@example.org',
      ',,,',
      'Juma Said,Legal,0713,juma@',
      '',
    ].join('\r\n');
    expect(readUserCsvText(text)).toEqual({
      rows: [
        { fullname: 'Mushi, Asha', department: 'finance', phone_number: '+255712345678', email: 'asha@example.org' },
        { fullname: 'Neema "Nemo" Ally', department: 'risingStemStars', phone_number: '+255755000111', email: 'neema@example.org' },
        { fullname: 'Juma Said', department: 'Legal', phone_number: '0713', email: 'juma@' },
      ],
      missingColumns: [],
      problems: [],
    });
  });

  it('accepts the template names and phone_number, and names missing columns', () => {
    expect(readUserCsvText('name,phone_number,email\nAsha,0712345678,a@b.co').missingColumns).toEqual(['department']);
    expect(readUserCsvText(`name,department,phone,email\r\nAsha,IT,0712345678,a@b.co\n`).rows).toEqual([
      { fullname: 'Asha', department: 'it', phone_number: '+255712345678', email: 'a@b.co' },
    ]);
  });

  it('builds the template with the columns of docs/product-rules.md §Limits and one example row that reads back', () => {
    expect(userTemplateCsv()).toBe('name,department,phone,email\r\nAsha Mushi,Outreach,0712 345 678,asha.mushi@example.org\r\n');
    expect(readUserCsvText(userTemplateCsv())).toMatchObject({
      missingColumns: [],
      rows: [{ fullname: 'Asha Mushi', department: 'outreach', phone_number: '+255712345678', email: 'asha.mushi@example.org' }],
    });
  });

  it('finds departments by key or label, whatever the case and spacing', () => {
    expect(findDepartment('youth bootcamps')).toBe('youthBootcamps');
    expect(findDepartment('STEMKITS')).toBe('stemKits');
    expect(findDepartment('')).toBeUndefined();
    expect(findDepartment('Legal')).toBeUndefined();
  });
});
