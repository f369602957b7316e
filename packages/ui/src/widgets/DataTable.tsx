import type { ReactNode } from 'react';
import { Box, Center, Spinner, Table, Text } from '@chakra-ui/react';
import { ScrollRegion } from './ScrollRegion';

export interface Column<Row> {
  /** An empty header is the action column's: it reads 'Action' to screen readers only (axe empty-table-header). */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Hidden below this breakpoint to keep phones readable. */
  hideBelow?: 'md' | 'lg';
  width?: string;
}

interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** The plural noun for 'No {type} found!' (docs/screens.md Layout). */
  type: string;
  onRowClick?: (row: Row) => void;
  caption?: string;
}

const ACTION_HEADER = 'Action';

/**
 * A list table: a spinner while loading, 'No {type} found!' when an answer has no rows, nothing
 * while no answer came and none is being fetched (offline, the shell's notice says why).
 */
export function DataTable<Row>({ columns, rows, rowKey, loading, type, onRowClick, caption }: DataTableProps<Row>) {
  if (loading && !rows) {
    return (
      <Center py="12" role="status" aria-label={`Loading ${type}`}>
        <Spinner size="lg" color="teal.600" />
      </Center>
    );
  }
  if (!rows) return null;
  if (rows.length === 0) {
    return (
      <Center py="12">
        <Text color="fg.muted">No {type} found!</Text>
      </Center>
    );
  }
  const display = (hideBelow?: 'md' | 'lg') => (hideBelow ? { base: 'none', [hideBelow]: 'table-cell' } : undefined);
  return (
    // rows being refreshed stay shown at full contrast (faded, their muted text fell below WCAG AA);
    // a bar on the frame's top edge marks the refresh without moving anything, and assistive
    // technology hears it through aria-busy
    <ScrollRegion
      label={caption ?? `List of ${type}`}
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      position="relative"
      _before={
        loading ? { content: '""', position: 'absolute', insetInline: 0, top: 0, height: '3px', bg: 'teal.600', zIndex: 1 } : undefined
      }
      aria-busy={loading || undefined}
    >
      <Table.Root size="sm" interactive={!!onRowClick}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader
                key={column.header}
                display={display(column.hideBelow)}
                width={column.width}
                fontSize="xs"
                letterSpacing="wide"
                color="fg.muted"
              >
                {column.header || (
                  <Box as="span" srOnly>
                    {ACTION_HEADER}
                  </Box>
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              cursor={onRowClick ? 'pointer' : undefined}
            >
              {columns.map((column) => (
                <Table.Cell key={column.header} display={display(column.hideBelow)}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollRegion>
  );
}
