import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { DataTable } from './DataTable';
import { FormAlert } from './form-alert';
import { ListToolbar, usePaging } from './ListToolbar';
import { Pagination } from './Pagination';
import { SearchInput } from './SearchInput';
import { SelectInput, type Option } from './SelectInput';

/** The search box and status filter of a list, in the remote's words. */
interface ListToolbarProps {
  search: { placeholder: string; onSearch: (text: string) => void };
  filter: { ariaLabel: string; value: string; options: readonly Option[]; onChange: (value: string) => void };
}

/**
 * A list's search text, status filter and paging: a new search or status starts again at page 1.
 * `toolbar` gives ListFrame its search box and filter, labelled from the remote's `text`.
 */
export function useStatusList<S extends string>(
  filters: readonly S[],
  text: { search: string; statusFilter: string; filter: Record<S, string> },
) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<S>(filters[0]);
  const paging = usePaging();
  const toolbar: ListToolbarProps = {
    search: { placeholder: text.search, onSearch: paging.refine(setSearch) },
    filter: {
      ariaLabel: text.statusFilter,
      value: status,
      options: filters.map((value) => ({ value, label: text.filter[value] })),
      onChange: paging.refine((value: string) => setStatus(value as S)),
    },
  };
  return { search, status, toolbar, ...paging };
}

/** What ListFrame reads of the list's query: whether it failed with nothing to show, and whether it is fetching. */
interface ListQuery {
  isError: boolean;
  isFetching: boolean;
  data?: unknown;
  error: unknown;
}

export interface ListFrameProps<Row extends { id: number | string }> {
  /** Above the toolbar: a notice of a filter the link set, tools for the rows. */
  children?: ReactNode;
  toolbar: ListToolbarProps;
  list: ListQuery;
  /** The words for the query's error (the api-client's errorMessage). */
  describe: (error: unknown) => string;
  table: Omit<ComponentProps<typeof DataTable<Row>>, 'rowKey' | 'loading'>;
  pagination: ComponentProps<typeof Pagination>;
  /** Below the list: what a row opens beside it. */
  after?: ReactNode;
}

/** Above a list: the filter a link set (the home's tiles), in words, and the button that drops it. */
export function FilterNotice({ text, clear, onClear, testId }: { text: string; clear: string; onClear: () => void; testId?: string }) {
  return (
    <Flex align="center" gap="3" wrap="wrap" bg="teal.50" borderRadius="md" px="3" py="2" data-testid={testId}>
      <Text fontSize="sm">{text}</Text>
      <Button size="xs" variant="outline" onClick={onClear}>
        {clear}
      </Button>
    </Flex>
  );
}

/** A list page: search and status filter, the table (or why it could not be read) and its pages. */
export function ListFrame<Row extends { id: number | string }>({
  children,
  toolbar: { search, filter },
  list,
  describe,
  table,
  pagination,
  after,
}: ListFrameProps<Row>) {
  return (
    <Stack gap="4">
      {children}
      <ListToolbar
        search={<SearchInput onSearch={search.onSearch} placeholder={search.placeholder} />}
        filter={<SelectInput ariaLabel={filter.ariaLabel} value={filter.value} options={filter.options} onChange={filter.onChange} />}
      />
      {list.isError && !list.data ? (
        <FormAlert status="error">{describe(list.error)}</FormAlert>
      ) : (
        <DataTable {...table} rowKey={(row) => row.id} loading={list.isFetching} />
      )}
      <Pagination {...pagination} />
      {after}
    </Stack>
  );
}
