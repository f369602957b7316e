import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { displayFileName } from '@imprest/domain';

/**
 * The preview's code (its dialog, the ZIP listing, the viewers: the largest part of the record
 * widgets' file) arrives when a person heads for a document, not with the record page, which
 * paints without it on a slow link.
 */
const loadPreview = () => import(/* webpackChunkName: "file-preview" */ './FilePreview');
const FilePreview = lazy(() => loadPreview().then((m) => ({ default: m.FilePreview })));

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
  // mounted once a document has been opened: closing it again plays the preview's own animation
  const [opened, setOpened] = useState(false);
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
          onPointerEnter={() => void loadPreview()}
          onFocus={() => void loadPreview()}
          onClick={() => {
            setOpened(true);
            setOpen(key);
          }}
        >
          {displayFileName(key)}
        </Button>
      ))}
      {opened && (
        <Suspense fallback={null}>
          <FilePreview fileKey={open} load={load} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
