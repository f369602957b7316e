import { memo, type ReactNode } from 'react';
import { isDepartment } from '@imprest/domain';
import { CloseIcon, IconButton, Input, Text } from '@imprest/ui';
import { Field, Grid } from '@imprest/ui/forms';
import { SelectInput } from '@imprest/ui';
import { DEPARTMENT_OPTIONS } from '../../components/user-options';
import { TEXT } from '../../strings';
import type { BulkRow, RowMessages } from './use-bulk-rows';
import type { UserCsvField } from './user-csv';

/** Number, four cells, remove: a table row from md up, a card on phones. */
export const PREVIEW_COLUMNS = '2.5rem minmax(9rem, 1.3fr) minmax(9rem, 1fr) minmax(8rem, 1fr) minmax(11rem, 1.5fr) 2.5rem';

interface PreviewRowProps {
  row: BulkRow;
  /** 1-based position, as the server numbers rows. */
  index: number;
  messages: RowMessages | undefined;
  onChange: (key: number, field: UserCsvField, value: string) => void;
  onRemove: (key: number) => void;
}

function Cell({ label, message, children }: { label: string; message?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!message} gridColumn={{ base: '1 / -1', md: 'auto' }} gap="1">
      {/* phones show the label above the value; from md up the header row names the column */}
      <Field.Label fontSize="xs" color="fg.muted" display={{ base: 'block', md: 'none' }}>
        {label}
      </Field.Label>
      {children}
      <Field.ErrorText fontSize="xs">{message}</Field.ErrorText>
    </Field.Root>
  );
}

function PreviewRowView({ row, index, messages, onChange, onRemove }: PreviewRowProps) {
  const input = (field: Exclude<UserCsvField, 'department'>, type: string) => (
    <Cell label={TEXT.fields[field]} message={messages?.[field]}>
      <Input
        size="sm"
        type={type}
        inputMode={field === 'phone_number' ? 'tel' : undefined}
        aria-label={TEXT.bulk.cell(index, TEXT.fields[field])}
        value={row[field]}
        onChange={(e) => onChange(row.key, field, e.target.value)}
        bg="bg"
      />
    </Cell>
  );
  // a department the file names but the list lacks stays visible until it is corrected
  const departments =
    row.department && !isDepartment(row.department)
      ? [...DEPARTMENT_OPTIONS, { value: row.department, label: TEXT.bulk.unknownDepartment(row.department) }]
      : DEPARTMENT_OPTIONS;
  return (
    <Grid
      as="li"
      templateColumns={{ base: '1fr auto', md: PREVIEW_COLUMNS }}
      gap={{ base: '2', md: '3' }}
      alignItems="start"
      px={{ base: '3', md: '2' }}
      py={{ base: '3', md: '2' }}
      borderWidth={{ base: '1px', md: '0' }}
      borderBottomWidth="1px"
      borderRadius={{ base: 'md', md: 'none' }}
      bg={messages ? 'red.50' : 'bg'}
      aria-label={TEXT.bulk.rowLabel(index)}
    >
      <Text fontSize="sm" color="fg.muted" pt={{ md: '1.5' }}>
        <Text as="span" display={{ base: 'inline', md: 'none' }}>
          {TEXT.bulk.rowLabel(index)}
        </Text>
        <Text as="span" display={{ base: 'none', md: 'inline' }}>
          {index}
        </Text>
      </Text>
      {input('fullname', 'text')}
      <Cell label={TEXT.fields.department} message={messages?.department}>
        <SelectInput
          size="sm"
          ariaLabel={TEXT.bulk.cell(index, TEXT.fields.department)}
          value={row.department}
          options={departments}
          placeholder={TEXT.choose}
          onChange={(value) => onChange(row.key, 'department', value)}
        />
      </Cell>
      {input('phone_number', 'tel')}
      {input('email', 'email')}
      {/* last in the row from md up; top right of the card on phones */}
      <IconButton
        aria-label={TEXT.bulk.removeRow(index)}
        size="sm"
        variant="ghost"
        gridRow={{ base: '1', md: 'auto' }}
        gridColumn={{ base: '2', md: 'auto' }}
        onClick={() => onRemove(row.key)}
      >
        <CloseIcon />
      </IconButton>
      {messages?.row && (
        <Text gridColumn="1 / -1" fontSize="xs" color="fg.error">
          {messages.row}
        </Text>
      )}
    </Grid>
  );
}

const sameMessages = (a?: RowMessages, b?: RowMessages) =>
  a === b ||
  (!!a && !!b && Object.keys(a).length === Object.keys(b).length && (Object.keys(a) as (keyof RowMessages)[]).every((k) => a[k] === b[k]));

/** Rows re-render only when their own values or messages change: a 500-row file stays quick to edit. */
export const PreviewRow = memo(
  PreviewRowView,
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.onChange === b.onChange &&
    a.onRemove === b.onRemove &&
    sameMessages(a.messages, b.messages),
);
