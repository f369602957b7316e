import { expect, type Locator } from '@playwright/test';

/** The cell of a body row under a column header, e.g. cellUnder(table, row, 'STATUS'). */
export async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `a ${header} column in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** A table's body rows: the header row has no cells. */
export function bodyRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}
