import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, HStack, IconButton, Text, VStack } from '@chakra-ui/react';
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES, formatBytes, isAcceptedUpload } from '@imprest/domain';
import { CloseIcon } from '../icons';

interface FileUploadProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** CSV-only mode (bulk users): accepts nothing but .csv. */
  csvOnly?: boolean;
  multiple?: boolean;
  maxBytes?: number;
  label?: string;
}

/** Drag and drop or browse; one removable chip per file; wrong types and sizes are refused with a reason. */
export function FileUpload({ files, onChange, csvOnly = false, multiple = true, maxBytes = MAX_UPLOAD_BYTES, label }: FileUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const accept = csvOnly ? '.csv,text/csv' : ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

  const add = (incoming: FileList | null) => {
    if (!incoming) return;
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of Array.from(incoming)) {
      if (!isAcceptedUpload(file.name, csvOnly)) problems.push(`${file.name}: ${csvOnly ? 'only CSV files are accepted' : 'this file type is not accepted'}`);
      else if (file.size > maxBytes) problems.push(`${file.name}: larger than ${formatBytes(maxBytes)}`);
      else accepted.push(file);
    }
    setErrors(problems);
    if (accepted.length) onChange(multiple ? [...files.filter((f) => !accepted.some((a) => a.name === f.name)), ...accepted] : accepted.slice(0, 1));
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
      {files.length > 0 && (
        <HStack wrap="wrap" gap="2">
          {files.map((file) => (
            <HStack key={file.name} bg="teal.50" color="teal.800" borderRadius="full" pl="3" pr="1" py="0.5" fontSize="sm" gap="1">
              <Text>
                {file.name} · {formatBytes(file.size)}
              </Text>
              <IconButton aria-label={`Remove ${file.name}`} size="2xs" variant="ghost" onClick={() => onChange(files.filter((f) => f !== file))}>
                <CloseIcon />
              </IconButton>
            </HStack>
          ))}
        </HStack>
      )}
    </VStack>
  );
}
