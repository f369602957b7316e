import { useState, type ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { displayFileName } from '@imprest/domain';
import { FilePreview } from './FilePreview';

export interface AttachmentListProps {
  files: readonly string[];
  /** Reads a stored file for the preview (the api-client's fetchFileBlob). */
  load: (key: string) => Promise<Blob>;
  /** What to show when there are none, in the remote's own words. */
  empty: ReactNode;
}

/** A record's documents by their display names, each opening in the shared preview. */
export function AttachmentList({ files, load, empty }: AttachmentListProps) {
  const [open, setOpen] = useState<string | null>(null);
  if (files.length === 0) return <>{empty}</>;
  return (
    <Stack gap="1" align="flex-start">
      {files.map((key) => (
        <Button
          key={key}
          variant="plain"
          size="sm"
          h="auto"
          p="0"
          color="teal.700"
          textDecoration="underline"
          whiteSpace="normal"
          textAlign="start"
          onClick={() => setOpen(key)}
        >
          {displayFileName(key)}
        </Button>
      ))}
      <FilePreview fileKey={open} load={load} onClose={() => setOpen(null)} />
    </Stack>
  );
}
