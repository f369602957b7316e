import type { ComponentProps, ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { DataTable } from './DataTable';
import { FormAlert } from './form-alert';
import { ListToolbar } from './ListToolbar';
import { Pagination } from './Pagination';
import { SearchInput } from './SearchInput';
import { SelectInput, type Option } from './SelectInput';

export interface ListFrameProps<Row> {
  /** Above the toolbar: a notice of a filter the link set, tools for the rows. */
  children?: ReactNode;
  search: { placeholder: string; onSearch: (text: string) => void };
  /** The status filter beside the search box. */
  filter: { ariaLabel: string; value: string; options: readonly Option[]; onChange: (value: string) => void };
  /** Why the list could not be read: shown instead of the table while no page was answered. */
  error: string | null;
  table: ComponentProps<typeof DataTable<Row>>;
  pagination: ComponentProps<typeof Pagination>;
  /** Below the list: what a row opens beside it. */
  after?: ReactNode;
}

/** A list page: search and status filter, the table (or why it could not be read) and its pages. */
export function ListFrame<Row>({ children, search, filter, error, table, pagination, after }: ListFrameProps<Row>) {
  return (
    <Stack gap="4">
      {children}
      <ListToolbar
        search={<SearchInput onSearch={search.onSearch} placeholder={search.placeholder} />}
        filter={<SelectInput ariaLabel={filter.ariaLabel} value={filter.value} options={filter.options} onChange={filter.onChange} />}
      />
      {error !== null ? <FormAlert status="error">{error}</FormAlert> : <DataTable {...table} />}
      <Pagination {...pagination} />
      {after}
    </Stack>
  );
}
