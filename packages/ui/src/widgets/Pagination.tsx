import { useState } from 'react';
import { Button, HStack, IconButton, Input, NativeSelect, Text } from '@chakra-ui/react';
import { PAGE_SIZES, PAGE_SIZE_CHANGER_ABOVE, clampPage, lastPage, pageItems } from './pagination-items';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  /** Fewer buttons, for phones and side panels. */
  compact?: boolean;
}

/** Pages, a page-size changer (above 50 items) and a "go to page" box clamped to 1..last. */
export function Pagination({ page, pageSize, total, onPageChange, onPageSizeChange, compact = false }: PaginationProps) {
  const last = lastPage(total, pageSize);
  const [jumpText, setJumpText] = useState('');
  if (total === 0) return null;
  const go = (target: number) => onPageChange(clampPage(target, last));
  // compact: narrower buttons, so first, last, the pages around and both jumps fit a phone's width
  const narrow = compact ? { minW: '8', px: '2' } : {};
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);

  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" wrap="wrap" gap="3" pt="3">
      <Text fontSize="sm" color="fg.muted">
        {from}–{to} of {total}
      </Text>
      <HStack gap={compact ? '0.5' : '1'} wrap="wrap">
        <IconButton aria-label="Previous page" size="sm" variant="outline" {...narrow} disabled={page <= 1} onClick={() => go(page - 1)}>
          ‹
        </IconButton>
        {pageItems(page, last, compact).map((item) =>
          item.kind === 'page' ? (
            <Button
              key={`p${item.page}`}
              size="sm"
              {...narrow}
              variant={item.page === page ? 'solid' : 'ghost'}
              colorPalette={item.page === page ? 'teal' : undefined}
              aria-current={item.page === page ? 'page' : undefined}
              onClick={() => go(item.page)}
            >
              {item.page}
            </Button>
          ) : (
            <Button
              key={`j${item.direction}`}
              size="sm"
              {...narrow}
              variant="ghost"
              aria-label={item.direction === 'back' ? `Back to page ${item.page}` : `Forward to page ${item.page}`}
              onClick={() => go(item.page)}
            >
              …
            </Button>
          ),
        )}
        <IconButton aria-label="Next page" size="sm" variant="outline" {...narrow} disabled={page >= last} onClick={() => go(page + 1)}>
          ›
        </IconButton>
      </HStack>
      <HStack gap="2">
        {onPageSizeChange && total > PAGE_SIZE_CHANGER_ABOVE && (
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-label="Rows per page"
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} / page
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {last > 1 && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              go(Number(jumpText));
              setJumpText('');
            }}
          >
            <Input
              size="sm"
              width="20"
              inputMode="numeric"
              aria-label="Go to page"
              placeholder="Go to"
              value={jumpText}
              onChange={(e) => setJumpText(e.target.value.replace(/\D/g, ''))}
            />
          </form>
        )}
      </HStack>
    </HStack>
  );
}
