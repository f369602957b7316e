import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { Box, Button, HStack, Heading, IconButton, Link, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { displayFileName, fileKind, formatBytes } from '@imprest/domain';
import { CloseIcon } from '../icons';
import { typedBlob } from '../files/mime';
import { saveBlob } from '../files/save-blob';
import type { ZipEntry } from '../files/zip';

const Dialog = chakra('dialog');

/** The open and close animation (docs/screens.md "Shared widgets"). */
export const PREVIEW_ANIMATION_MS = 300;

export const PREVIEW_TEXT = {
  loading: 'File is loading...',
  notFound: 'File not found!',
  failed: 'Failed to load content',
  unsupported: 'File extension not supported',
  // an external viewer cannot reach a file on the intranet: office documents open after download
  office: 'Office documents cannot be previewed here. Download the file to open it.',
  download: 'Download',
} as const;

export interface FilePreviewProps {
  /** The stored key to preview; null when the preview is closed. */
  fileKey: string | null;
  /** The bytes of a stored file (the app passes api-client's fetchFileBlob). A 404 rejects with `status: 404`. */
  load: (key: string) => Promise<Blob>;
  onClose: () => void;
  /** The generic error handler for a failed download (docs/product-rules.md §Messages); logged when not given. */
  onError?: (error: unknown) => void;
}

type Loaded = { status: 'loading' } | { status: 'ready'; blob: Blob } | { status: 'notfound' } | { status: 'failed' };

/** One thing on show: the stored file itself or a file opened from a ZIP. */
interface Shown {
  name: string;
  blob: Blob | null;
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/**
 * A modal preview of a stored file on the native <dialog> (Escape closes it): images, PDFs (a
 * 600 px frame from a blob URL), ZIPs listed and unzipped in the browser; office documents are
 * offered for download, as no external viewer can reach an intranet file. Always a Download link.
 */
export function FilePreview({ fileKey, load, onClose, onError }: FilePreviewProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // the key stays on show while the close animation runs
  const [shownKey, setShownKey] = useState<string | null>(fileKey);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (fileKey) {
      setShownKey(fileKey);
      setClosing(false);
      if (dialog && !dialog.open) dialog.showModal?.();
      return;
    }
    setClosing(true);
    const timer = setTimeout(() => {
      if (dialog?.open) dialog.close?.();
      setShownKey(null);
      setClosing(false);
    }, PREVIEW_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [fileKey]);

  return (
    <Dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
      aria-labelledby="file-preview-title"
      data-closing={closing ? '' : undefined}
      borderRadius="lg"
      borderWidth="1px"
      m="auto"
      p="6"
      maxW="4xl"
      w="calc(100% - 2rem)"
      maxH="90vh"
      overflow="auto"
      boxShadow="xl"
      css={{
        '&[open]': { animation: `fade-in ${PREVIEW_ANIMATION_MS}ms ease-out, scale-in ${PREVIEW_ANIMATION_MS}ms ease-out` },
        '&[open][data-closing]': {
          animation: `fade-out ${PREVIEW_ANIMATION_MS}ms ease-in forwards, scale-out ${PREVIEW_ANIMATION_MS}ms ease-in forwards`,
        },
        '&::backdrop': { background: 'rgba(0,0,0,0.4)' },
        '@media (prefers-reduced-motion: reduce)': { '&[open], &[open][data-closing]': { animation: 'none' } },
      }}
    >
      {shownKey && (
        <PreviewBody
          key={shownKey}
          fileKey={shownKey}
          load={load}
          onClose={onClose}
          onError={onError ?? ((error) => console.error(error))}
        />
      )}
    </Dialog>
  );
}

function PreviewBody({
  fileKey,
  load,
  onClose,
  onError,
}: {
  fileKey: string;
  load: FilePreviewProps['load'];
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const rootName = displayFileName(fileKey);
  const [root, setRoot] = useState<Loaded>({ status: 'loading' });
  const [trail, setTrail] = useState<ZipEntry[]>([]);
  const loader = useRef(load);
  const reportError = useRef(onError);
  useLayoutEffect(() => {
    loader.current = load;
    reportError.current = onError;
  });

  useEffect(() => {
    // nothing to show for an unknown type: its bytes are fetched only when downloaded
    if (fileKind(fileKey) === 'none') return;
    let live = true;
    loader.current(fileKey).then(
      (blob) => live && setRoot({ status: 'ready', blob: typedBlob(blob, fileKey) }),
      (error: unknown) => {
        if (!live) return;
        reportError.current(error);
        setRoot({ status: isNotFound(error) ? 'notfound' : 'failed' });
      },
    );
    return () => {
      live = false;
    };
    // only a new key fetches again: load and onError may be new functions on every render, read from refs
  }, [fileKey]);

  const opened = trail.at(-1);
  const shown: Shown = opened
    ? { name: opened.name, blob: opened.blob }
    : { name: rootName, blob: root.status === 'ready' ? root.blob : null };
  const parentName = trail.length > 1 ? trail[trail.length - 2].name : rootName;

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="start" gap="3">
        <Heading id="file-preview-title" size="md" wordBreak="break-all">
          {shown.name}
        </Heading>
        <IconButton aria-label="Close" size="sm" variant="ghost" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </HStack>
      {opened && (
        <Box>
          <Button size="xs" variant="outline" onClick={() => setTrail((t) => t.slice(0, -1))}>
            Back to {parentName}
          </Button>
        </Box>
      )}
      <Box minH="24">
        {opened ? (
          <Viewer name={opened.name} blob={opened.blob} onOpen={(entry) => setTrail((t) => [...t, entry])} />
        ) : fileKind(rootName) === 'none' ? (
          <Message>{PREVIEW_TEXT.unsupported}</Message>
        ) : root.status === 'loading' ? (
          <Loading />
        ) : root.status === 'notfound' ? (
          <Message tone="error">{PREVIEW_TEXT.notFound}</Message>
        ) : root.status === 'failed' ? (
          <Message tone="error">{PREVIEW_TEXT.failed}</Message>
        ) : (
          <Viewer name={rootName} blob={root.blob} onOpen={(entry) => setTrail([entry])} />
        )}
      </Box>
      <DownloadLink name={shown.name} blob={shown.blob} fetch={() => loader.current(fileKey)} onError={onError} />
    </Stack>
  );
}

function Message({ children, tone }: { children: string; tone?: 'error' }) {
  return (
    <Text role={tone === 'error' ? 'alert' : undefined} color={tone === 'error' ? 'red.700' : 'fg.muted'} py="6" textAlign="center">
      {children}
    </Text>
  );
}

function Loading() {
  return (
    <HStack justify="center" py="6" gap="2" color="fg.muted">
      <Spinner size="sm" />
      <Text>{PREVIEW_TEXT.loading}</Text>
    </HStack>
  );
}

/** A blob URL for as long as the blob is on show. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function Viewer({ name, blob, onOpen }: { name: string; blob: Blob; onOpen: (entry: ZipEntry) => void }) {
  const kind = fileKind(name);
  if (kind === 'zip') return <ZipListing blob={blob} onOpen={onOpen} />;
  if (kind === 'msdoc') return <Message>{PREVIEW_TEXT.office}</Message>;
  if (kind === 'image' || kind === 'pdf') return <Embedded kind={kind} name={name} blob={blob} />;
  return <Message>{PREVIEW_TEXT.unsupported}</Message>;
}

function Embedded({ kind, name, blob }: { kind: 'image' | 'pdf'; name: string; blob: Blob }) {
  const url = useObjectUrl(blob);
  const [broken, setBroken] = useState(false);
  if (broken) return <Message tone="error">{PREVIEW_TEXT.failed}</Message>;
  if (!url) return <Loading />;
  if (kind === 'image')
    return <chakra.img src={url} alt={name} maxW="100%" maxH="70vh" mx="auto" display="block" onError={() => setBroken(true)} />;
  // the blob is typed application/pdf by its extension, so the frame can only show a PDF
  return <chakra.iframe src={url} title={name} w="100%" h="600px" borderWidth="1px" borderRadius="md" />;
}

type Listing = { status: 'loading' } | { status: 'ready'; entries: ZipEntry[] } | { status: 'failed' };

/** The ZIP's files, unzipped in the browser; jszip is loaded only when a ZIP is opened. */
function ZipListing({ blob, onOpen }: { blob: Blob; onOpen: (entry: ZipEntry) => void }) {
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    import('../files/zip')
      .then(({ listZip }) => listZip(blob))
      .then(
        (entries) => live && setListing({ status: 'ready', entries }),
        (error: unknown) => {
          // docs/product-rules.md §Messages: an unzip failure is only logged
          console.error(error);
          if (live) setListing({ status: 'failed' });
        },
      );
    return () => {
      live = false;
    };
  }, [blob]);

  if (listing.status === 'loading') return <Loading />;
  if (listing.status === 'failed') return <Message tone="error">{PREVIEW_TEXT.failed}</Message>;
  if (listing.entries.length === 0) return <Message>No files found!</Message>;
  return (
    <Stack as="ul" gap="1" listStyleType="none" aria-label="Files in the archive">
      {listing.entries.map((entry) => (
        <HStack as="li" key={entry.path} justify="space-between" borderBottomWidth="1px" py="1.5" gap="3">
          <Text fontSize="sm" wordBreak="break-all">
            {entry.path} <chakra.span color="fg.muted">· {formatBytes(entry.size)}</chakra.span>
          </Text>
          <HStack gap="1" flexShrink={0}>
            <Button size="xs" variant="outline" aria-label={`Open ${entry.path}`} onClick={() => onOpen(entry)}>
              Open
            </Button>
            <Button size="xs" variant="ghost" aria-label={`Save ${entry.path}`} onClick={() => saveBlob(entry.blob, entry.name)}>
              Save
            </Button>
          </HStack>
        </HStack>
      ))}
    </Stack>
  );
}

/** Always offered: the bytes on show, or fetched on click when they are not loaded (yet). */
function DownloadLink({
  name,
  blob,
  fetch,
  onError,
}: {
  name: string;
  blob: Blob | null;
  fetch: () => Promise<Blob>;
  onError: (error: unknown) => void;
}) {
  const url = useObjectUrl(blob);
  const onClick = (event: MouseEvent) => {
    if (url) return;
    event.preventDefault();
    fetch().then((fetched) => saveBlob(fetched, name), onError);
  };
  return (
    <Link href={url ?? '#'} download={name} onClick={onClick} colorPalette="teal" fontWeight="medium" alignSelf="flex-start">
      {PREVIEW_TEXT.download}
    </Link>
  );
}
