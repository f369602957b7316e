import { useState } from 'react';
import { fetchFileBlob } from '@imprest/api-client';
import { displayFileName } from '@imprest/domain';
import { Button, FilePreview, Stack, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

const load = (key: string) => fetchFileBlob(key);

/** The attached documents, each opening in the shared preview. */
export function Attachments({ files }: { files: readonly string[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (files.length === 0) return <Text color="fg.muted">{TEXT.form.noDocuments}</Text>;
  return (
    <Stack gap="1" align="flex-start">
      {files.map((key) => (
        <Button key={key} variant="plain" size="sm" h="auto" p="0" color="teal.700" textDecoration="underline" whiteSpace="normal" textAlign="start" onClick={() => setOpen(key)}>
          {displayFileName(key)}
        </Button>
      ))}
      <FilePreview fileKey={open} load={load} onClose={() => setOpen(null)} />
    </Stack>
  );
}
