import { useState, type ReactNode } from 'react';
import { Box, HStack } from '@chakra-ui/react';
import { DEFAULT_PAGE_SIZE } from './pagination-items';

/**
 * The page and page size of a list. `refine` wraps a setter of what is listed (search, a filter,
 * the page size): every such change starts again at page 1. `paginationOf` gives the Pagination
 * widget its props from the page the server answered.
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const refine =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const setPageSize = refine(setSize);
  const paginationOf = (answer: { page: number; total: number } | undefined) => ({
    page: answer?.page ?? page,
    pageSize,
    total: answer?.total ?? 0,
    onPageChange: setPage,
    onPageSizeChange: setPageSize,
  });
  return { page, setPage, pageSize, setPageSize, refine, paginationOf };
}

/** The search box and a filter above a list: side by side on wider screens, stacked on a phone. */
export function ListToolbar({ search, filter }: { search: ReactNode; filter?: ReactNode }) {
  return (
    <HStack gap="3" wrap="wrap" align="center">
      <Box flex={{ base: '1 1 100%', md: '0 1 auto' }}>{search}</Box>
      {filter && <Box w={{ base: 'full', md: '56' }}>{filter}</Box>}
    </HStack>
  );
}
