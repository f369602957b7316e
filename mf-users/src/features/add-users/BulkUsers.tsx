import { useState } from 'react';
import { ApiError, errorMessage } from '@imprest/api-client';
import { useCreateUsers, useFormKey } from '@imprest/api-client/query';
import { BULK_USERS_MAX, DEPARTMENTS, optionLabel, type TextEncodingName } from '@imprest/domain';
import { Box, Button, FormAlert, Heading, Stack, Text } from '@imprest/ui';
import { FileUpload } from '@imprest/ui/inputs';
import { downloadTextFile } from '@imprest/ui/csv';
import { FormButtons } from '../../components/FormButtons';
import { TEXT } from '../../strings';
import { CsvPreview } from './CsvPreview';
import { toNewUser, useBulkRows } from './use-bulk-rows';
import { readUserCsvFile, userTemplateCsv, type UserCsvTable } from './user-csv';

/** Why a parsed file cannot be previewed, if it cannot. */
function refusal(table: UserCsvTable): string | null {
  if (table.missingColumns.length) return TEXT.bulk.missingColumns(table.missingColumns.join(', '));
  if (table.rows.length === 0) return TEXT.bulk.empty;
  if (table.rows.length > BULK_USERS_MAX) return TEXT.bulk.tooMany(table.rows.length, BULK_USERS_MAX);
  return null;
}

function Step({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** Multiple users: the template, the CSV upload, the editable preview, Save. */
export function BulkUsers({ onAdded, onCancel }: { onAdded: (count: number) => void; onCancel: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [reading, setReading] = useState(false);
  const [notices, setNotices] = useState<{ error: string | null; warnings: string[]; encoding?: TextEncodingName }>({
    error: null,
    warnings: [],
  });
  const [failure, setFailure] = useState<string | null>(null);
  const bulk = useBulkRows();
  const create = useCreateUsers();
  const options = useFormKey();

  const choose = async (next: File[]) => {
    setFiles(next);
    setFailure(null);
    setNotices({ error: null, warnings: [] });
    bulk.replace([]);
    if (!next[0]) return;
    setReading(true);
    try {
      const table = await readUserCsvFile(next[0]);
      const error = refusal(table);
      setNotices({ error, warnings: table.problems, encoding: table.encoding });
      if (!error) bulk.replace(table.rows);
    } catch {
      setNotices({ error: TEXT.bulk.unreadable, warnings: [] });
    } finally {
      setReading(false);
    }
  };

  const save = async () => {
    setFailure(null);
    const sent = bulk.rows;
    try {
      await create.mutateAsync({ body: sent.map(toNewUser), options });
      onAdded(sent.length);
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) bulk.showServerErrors(error.rows, sent);
    }
  };

  const blocked = bulk.rows.length === 0 ? TEXT.bulk.noRows : bulk.invalidRows > 0 ? TEXT.bulk.fixRows(bulk.invalidRows) : null;
  const showPreview = files.length > 0 && !reading && !notices.error;

  return (
    <Stack gap="6">
      <Step title={TEXT.bulk.templateTitle}>
        <Text fontSize="sm" color="fg.muted">
          {TEXT.bulk.templateHelp}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {TEXT.bulk.departmentsHelp} {DEPARTMENTS.map(optionLabel).join(', ')}
        </Text>
        <Box>
          <Button size="sm" variant="outline" onClick={() => downloadTextFile(TEXT.bulk.templateName, userTemplateCsv())}>
            {TEXT.bulk.download}
          </Button>
        </Box>
      </Step>
      <Step title={TEXT.bulk.uploadTitle}>
        <FileUpload files={files} onChange={(next) => void choose(next)} csvOnly multiple={false} label={TEXT.bulk.uploadLabel} />
        {reading && <Text fontSize="sm">{TEXT.bulk.reading}</Text>}
        {notices.error && <FormAlert status="error">{notices.error}</FormAlert>}
        {notices.encoding && notices.encoding !== 'utf-8' && !notices.error && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {TEXT.bulk.encoding[notices.encoding]}
          </Text>
        )}
        {notices.warnings.map((warning) => (
          <FormAlert key={warning} status="warning">
            {warning}
          </FormAlert>
        ))}
      </Step>
      {showPreview && (
        <Step title={TEXT.bulk.previewTitle(bulk.rows.length)}>
          <Text fontSize="sm" color="fg.muted">
            {TEXT.bulk.previewHelp}
          </Text>
          <CsvPreview rows={bulk.rows} problems={bulk.problems} onChange={bulk.update} onRemove={bulk.remove} onAdd={bulk.add} />
        </Step>
      )}
      {failure !== null && (
        <FormAlert status="error" detail={failure}>
          {TEXT.add.failed}
        </FormAlert>
      )}
      {showPreview && blocked && (
        <Text fontSize="sm" color="fg.muted" role="status">
          {blocked}
        </Text>
      )}
      <FormButtons onCancel={onCancel} onSave={() => void save()} saveDisabled={!showPreview || !!blocked} saving={create.isPending} />
    </Stack>
  );
}
