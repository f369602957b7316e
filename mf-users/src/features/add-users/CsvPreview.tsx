import { Box, Button, Grid, HStack, PlusIcon, Text, chakra } from '@imprest/ui';
import { BULK_USERS_MAX } from '@imprest/domain';
import { TEXT } from '../../strings';
import { PREVIEW_COLUMNS, PreviewRow } from './PreviewRow';
import type { BulkRow, RowMessages } from './use-bulk-rows';
import type { UserCsvField } from './user-csv';

interface CsvPreviewProps {
  rows: BulkRow[];
  problems: Map<number, RowMessages>;
  onChange: (key: number, field: UserCsvField, value: string) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
}

const HEADERS = ['#', TEXT.fields.fullname, TEXT.fields.department, TEXT.fields.phone_number, TEXT.fields.email, ''];

/** The parsed rows, every value editable, each problem under its value. */
export function CsvPreview({ rows, problems, onChange, onRemove, onAdd }: CsvPreviewProps) {
  const full = rows.length >= BULK_USERS_MAX;
  return (
    <Box>
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
      <chakra.ol listStyleType="none" display="flex" flexDirection="column" gap={{ base: '3', md: '0' }} aria-label={TEXT.bulk.previewTitle(rows.length)}>
        {rows.map((row, i) => (
          <PreviewRow key={row.key} row={row} index={i + 1} messages={problems.get(row.key)} onChange={onChange} onRemove={onRemove} />
        ))}
      </chakra.ol>
      <HStack mt="3" gap="3">
        <Button size="sm" variant="outline" onClick={onAdd} disabled={full}>
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
