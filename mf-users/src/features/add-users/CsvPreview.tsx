import { useState } from 'react';
import { BULK_USERS_MAX } from '@imprest/domain';
import { Box, Button, HStack, Pagination, PlusIcon, Text, chakra, lastPage } from '@imprest/ui';
import { Grid } from '@imprest/ui/forms';
import { TEXT } from '../../strings';
import { PREVIEW_COLUMNS, PreviewRow } from './PreviewRow';
import type { BulkRow, RowMessages } from './use-bulk-rows';
import type { UserCsvField } from './user-csv';

/** Rows on one page of the preview: a 500-row file would take seconds to show at once. */
const PREVIEW_PAGE_SIZE = 50;

interface CsvPreviewProps {
  rows: BulkRow[];
  problems: Map<number, RowMessages>;
  onChange: (key: number, field: UserCsvField, value: string) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
}

const HEADERS = ['#', TEXT.fields.fullname, TEXT.fields.department, TEXT.fields.phone_number, TEXT.fields.email, ''];

/** The parsed rows, every value editable, each problem under its value; long files in pages. */
export function CsvPreview({ rows, problems, onChange, onRemove, onAdd }: CsvPreviewProps) {
  const [page, setPage] = useState(1);
  // the rows that had problems when the filter was turned on, so a row being corrected does not
  // vanish mid-typing; rows added later (higher keys) show as well
  const [filter, setFilter] = useState<{ keys: Set<number>; after: number } | null>(null);
  const numbered = rows.map((row, i) => ({ row, index: i + 1 }));
  const visible = filter ? numbered.filter(({ row }) => filter.keys.has(row.key) || row.key > filter.after) : numbered;
  const current = Math.min(page, lastPage(visible.length, PREVIEW_PAGE_SIZE));
  const shown = visible.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE);
  const full = rows.length >= BULK_USERS_MAX;

  const toggleFilter = () => {
    setFilter(filter ? null : { keys: new Set(problems.keys()), after: Math.max(0, ...rows.map((row) => row.key)) });
    setPage(1);
  };

  const add = () => {
    onAdd();
    // the new, empty row is the last one either way (it has problems until it is filled in)
    setPage(lastPage(visible.length + 1, PREVIEW_PAGE_SIZE));
  };

  return (
    <Box>
      {(filter || (problems.size > 0 && rows.length > PREVIEW_PAGE_SIZE)) && (
        <Button size="sm" variant="outline" mb="3" aria-pressed={!!filter} onClick={toggleFilter}>
          {filter ? TEXT.bulk.showAll : TEXT.bulk.showProblems(problems.size)}
        </Button>
      )}
      <Grid
        templateColumns={PREVIEW_COLUMNS}
        gap="3"
        px="2"
        py="2"
        display={{ base: 'none', md: 'grid' }}
        borderBottomWidth="1px"
        fontSize="xs"
        fontWeight="semibold"
        color="fg.muted"
        letterSpacing="wide"
        aria-hidden="true"
      >
        {HEADERS.map((header, i) => (
          <Text key={i}>{header.toUpperCase()}</Text>
        ))}
      </Grid>
      <chakra.ol
        listStyleType="none"
        display="flex"
        flexDirection="column"
        gap={{ base: '3', md: '0' }}
        aria-label={TEXT.bulk.previewTitle(rows.length)}
      >
        {shown.map(({ row, index }) => (
          <PreviewRow key={row.key} row={row} index={index} messages={problems.get(row.key)} onChange={onChange} onRemove={onRemove} />
        ))}
      </chakra.ol>
      {visible.length > PREVIEW_PAGE_SIZE && (
        <Pagination page={current} pageSize={PREVIEW_PAGE_SIZE} total={visible.length} onPageChange={setPage} compact />
      )}
      <HStack mt="3" gap="3">
        <Button size="sm" variant="outline" onClick={add} disabled={full}>
          <PlusIcon />
          {TEXT.bulk.addRow}
        </Button>
        {full && (
          <Text fontSize="sm" color="fg.muted">
            {TEXT.bulk.atMax(BULK_USERS_MAX)}
          </Text>
        )}
      </HStack>
    </Box>
  );
}
