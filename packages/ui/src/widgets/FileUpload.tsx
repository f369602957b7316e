import { useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { Box, Button, HStack, IconButton, Progress, Text, VStack } from '@chakra-ui/react';
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES, displayFileName, formatBytes, isAcceptedUpload } from '@imprest/domain';
import { CloseIcon } from '../icons';

/**
 * Uploads one file and resolves with its stored key (the app passes api-client's uploadFile:
 * `(file, onProgress, signal) => uploadFile(file, { onProgress, signal })`). `onProgress` takes 0…1.
 */
export type Uploader = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<string>;

interface CommonProps {
  /** CSV-only mode (bulk users): accepts nothing but .csv. */
  csvOnly?: boolean;
  multiple?: boolean;
  maxBytes?: number;
  label?: string;
}

/** Picking mode: the chosen File objects are handed back (the CSV import reads them itself). */
interface PickProps extends CommonProps {
  files: File[];
  onChange: (files: File[]) => void;
  uploader?: undefined;
}

/** Upload mode: each chosen file is uploaded at once; the value is the list of stored keys. */
interface UploadProps extends CommonProps {
  uploader: Uploader;
  value: string[];
  onUploaded: (keys: string[]) => void;
  /** True while any file is still uploading (a form keeps Submit disabled meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

export type FileUploadProps = PickProps | UploadProps;

interface Pending {
  id: number;
  file: File;
  progress: number;
  error: string | null;
  controller: AbortController;
}

const chipStyle = {
  bg: 'teal.50',
  color: 'teal.800',
  borderRadius: 'full',
  pl: '3',
  pr: '1',
  py: '0.5',
  fontSize: 'sm',
  gap: '1',
} as const;

/**
 * Drag and drop or browse; one removable chip per file; wrong types and sizes are refused with a
 * reason. With an `uploader`, each file is uploaded as soon as it is chosen, with a progress bar
 * and a retry when it fails.
 */
export function FileUpload(props: FileUploadProps) {
  const { csvOnly = false, multiple = true, maxBytes = MAX_UPLOAD_BYTES, label } = props;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const uploads = useUploads(props.uploader ? props : null, multiple);
  const accept = csvOnly ? '.csv,text/csv' : ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

  const add = (incoming: FileList | null) => {
    if (!incoming) return;
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of Array.from(incoming)) {
      if (!isAcceptedUpload(file.name, csvOnly))
        problems.push(`${file.name}: ${csvOnly ? 'only CSV files are accepted' : 'this file type is not accepted'}`);
      else if (file.size > maxBytes) problems.push(`${file.name}: larger than ${formatBytes(maxBytes)}`);
      else accepted.push(file);
    }
    setErrors(problems);
    if (!accepted.length) return;
    if (props.uploader) uploads.start(multiple ? accepted : accepted.slice(0, 1));
    else
      props.onChange(
        multiple ? [...props.files.filter((f) => !accepted.some((a) => a.name === f.name)), ...accepted] : accepted.slice(0, 1),
      );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <VStack align="stretch" gap="2">
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'teal.500' : 'border'}
        bg={dragging ? 'teal.50' : 'bg'}
        borderRadius="lg"
        p="6"
        textAlign="center"
        data-testid="file-drop"
      >
        <Text fontWeight="medium">{label ?? (csvOnly ? 'Drop a CSV file here' : 'Drop files here')}</Text>
        <Text fontSize="sm" color="fg.muted" mb="3">
          {csvOnly ? 'CSV only' : `${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')}`} · up to {formatBytes(maxBytes)}
        </Text>
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          Browse
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          multiple={multiple}
          aria-label={csvOnly ? 'Choose a CSV file' : 'Choose files'}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </Box>
      {errors.map((error) => (
        <Text key={error} role="alert" fontSize="sm" color="red.700">
          {error}
        </Text>
      ))}
      {props.uploader ? (
        <UploadList
          pending={uploads.pending}
          keys={props.value}
          onRetry={uploads.retry}
          onCancel={uploads.cancel}
          onRemoveKey={uploads.removeKey}
        />
      ) : (
        props.files.length > 0 && (
          <HStack wrap="wrap" gap="2">
            {props.files.map((file) => (
              <HStack key={file.name} {...chipStyle}>
                <Text>
                  {file.name} · {formatBytes(file.size)}
                </Text>
                <IconButton
                  aria-label={`Remove ${file.name}`}
                  size="2xs"
                  variant="ghost"
                  onClick={() => props.onChange(props.files.filter((f) => f !== file))}
                >
                  <CloseIcon />
                </IconButton>
              </HStack>
            ))}
          </HStack>
        )
      )}
    </VStack>
  );
}

/** The files being uploaded (or failed) in upload mode; finished ones become stored keys. */
function useUploads(props: UploadProps | null, multiple: boolean) {
  const [pending, setPending] = useState<Pending[]>([]);
  const nextId = useRef(1);
  const keys = useRef<string[]>(props?.value ?? []);
  const latest = useRef(props);
  const all = useRef(new Set<AbortController>());
  useLayoutEffect(() => {
    keys.current = props?.value ?? [];
    latest.current = props;
  });

  const busy = pending.some((p) => p.error === null);
  useEffect(() => {
    latest.current?.onBusyChange?.(busy);
  }, [busy]);
  // nothing keeps uploading once the widget is gone
  useEffect(() => {
    const controllers = all.current;
    return () => controllers.forEach((c) => c.abort());
  }, []);

  const update = (id: number, change: Partial<Pending>) => setPending((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)));

  const run = (item: Pending) => {
    const current = latest.current;
    if (!current) return;
    all.current.add(item.controller);
    current
      .uploader(item.file, (fraction) => update(item.id, { progress: Math.max(0, Math.min(1, fraction)) }), item.controller.signal)
      .then((key) => {
        if (item.controller.signal.aborted) return;
        const next = multiple ? [...keys.current, key] : [key];
        keys.current = next;
        latest.current?.onUploaded(next);
        setPending((list) => list.filter((p) => p.id !== item.id));
      })
      .catch((error: unknown) => {
        if (item.controller.signal.aborted) return;
        update(item.id, { error: error instanceof Error ? error.message : '' });
      })
      .finally(() => all.current.delete(item.controller));
  };

  const start = (files: File[]) => {
    const items = files.map((file) => ({ id: nextId.current++, file, progress: 0, error: null, controller: new AbortController() }));
    setPending((list) => {
      if (!multiple) list.forEach((p) => p.controller.abort());
      return multiple ? [...list, ...items] : items;
    });
    items.forEach(run);
  };

  const retry = (item: Pending) => {
    const again = { ...item, progress: 0, error: null, controller: new AbortController() };
    setPending((list) => list.map((p) => (p.id === item.id ? again : p)));
    run(again);
  };

  const cancel = (item: Pending) => {
    item.controller.abort();
    setPending((list) => list.filter((p) => p.id !== item.id));
  };

  const removeKey = (key: string) => {
    const next = keys.current.filter((k) => k !== key);
    keys.current = next;
    latest.current?.onUploaded(next);
  };

  return { pending, start, retry, cancel, removeKey };
}

interface UploadListProps {
  pending: Pending[];
  keys: string[];
  onRetry: (item: Pending) => void;
  onCancel: (item: Pending) => void;
  onRemoveKey: (key: string) => void;
}

function UploadList({ pending, keys, onRetry, onCancel, onRemoveKey }: UploadListProps) {
  return (
    <>
      {pending.map((item) => (
        <Box key={item.id} borderWidth="1px" borderRadius="md" px="3" py="2" data-testid="upload-item">
          <HStack justify="space-between" gap="2">
            <Text fontSize="sm" truncate>
              {item.file.name} · {formatBytes(item.file.size)}
            </Text>
            <HStack gap="1">
              {item.error !== null && (
                <Button size="2xs" variant="outline" onClick={() => onRetry(item)}>
                  Retry
                </Button>
              )}
              <IconButton aria-label={`Remove ${item.file.name}`} size="2xs" variant="ghost" onClick={() => onCancel(item)}>
                <CloseIcon />
              </IconButton>
            </HStack>
          </HStack>
          {item.error === null ? (
            <Progress.Root value={Math.round(item.progress * 100)} size="xs" colorPalette="teal" mt="2">
              <Progress.Track aria-label={`Uploading ${item.file.name}`}>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : (
            <Text role="alert" fontSize="sm" color="red.700" mt="1">
              {item.file.name}: upload failed{item.error ? ` (${item.error})` : ''}
            </Text>
          )}
        </Box>
      ))}
      {keys.length > 0 && (
        <HStack wrap="wrap" gap="2">
          {keys.map((key) => (
            <HStack key={key} {...chipStyle}>
              <Text>{displayFileName(key)}</Text>
              <IconButton aria-label={`Remove ${displayFileName(key)}`} size="2xs" variant="ghost" onClick={() => onRemoveKey(key)}>
                <CloseIcon />
              </IconButton>
            </HStack>
          ))}
        </HStack>
      )}
    </>
  );
}
