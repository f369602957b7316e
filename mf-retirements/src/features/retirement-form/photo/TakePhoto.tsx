import { useEffect, useRef, useState } from 'react';
import { MAX_UPLOAD_BYTES, formatBytes, isAcceptedUpload } from '@imprest/domain';
import { Box, Button, CloseIcon, HStack, IconButton, Spinner, Stack, Text } from '@imprest/ui';
import { type Uploader } from '@imprest/ui/inputs';
import { PHOTO_TEXT as T } from './photo-text';

interface Shot {
  id: number;
  name: string;
  stage: 'preparing' | 'sending' | 'failed';
  error?: string;
  /** The downscaled photo, kept for a Retry. */
  prepared?: File;
}

/** The downscaler, fetched only when the first photo is taken: the form's own script stays as it was. */
const loadDownscaler = () => import(/* webpackChunkName: "receipt-photo" */ './downscale-photo');

/**
 * "Take photo": on a phone the camera opens (capture="environment", the back camera); elsewhere an
 * image is chosen. Each photo is downscaled on the device, then handed to the form's uploader —
 * uploaded at once, or kept on the device with the draft when offline — and its key added to the
 * documents. Several photos may be taken, one after the other or at once.
 */
export function TakePhoto({
  uploader,
  onAdded,
  onBusyChange,
}: {
  uploader: Uploader;
  onAdded: (key: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [shots, setShots] = useState<Shot[]>([]);
  const nextId = useRef(1);
  const controllers = useRef(new Set<AbortController>());
  const latest = useRef({ uploader, onAdded, onBusyChange });
  latest.current = { uploader, onAdded, onBusyChange };

  const busy = shots.some((s) => s.stage !== 'failed');
  useEffect(() => latest.current.onBusyChange(busy), [busy]);
  useEffect(() => {
    const all = controllers.current;
    return () => all.forEach((c) => c.abort());
  }, []);

  const update = (id: number, change: Partial<Shot>) => setShots((list) => list.map((s) => (s.id === id ? { ...s, ...change } : s)));

  const send = async (id: number, photo: File) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    update(id, { stage: 'sending', prepared: photo, error: undefined });
    try {
      const key = await latest.current.uploader(photo, () => undefined, controller.signal);
      if (controller.signal.aborted) return;
      latest.current.onAdded(key);
      setShots((list) => list.filter((s) => s.id !== id));
    } catch (error) {
      if (!controller.signal.aborted) update(id, { stage: 'failed', error: error instanceof Error ? error.message : '' });
    } finally {
      controllers.current.delete(controller);
    }
  };

  const take = async (file: File) => {
    const id = nextId.current++;
    setShots((list) => [...list, { id, name: file.name, stage: 'preparing' }]);
    const photo = await loadDownscaler()
      .then(({ downscalePhoto }) => downscalePhoto(file))
      .catch(() => file);
    if (!isAcceptedUpload(photo.name)) return update(id, { stage: 'failed', error: T.notAccepted });
    if (photo.size > MAX_UPLOAD_BYTES) return update(id, { stage: 'failed', error: T.tooLarge(formatBytes(MAX_UPLOAD_BYTES)) });
    update(id, { name: photo.name });
    await send(id, photo);
  };

  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        {/* the whole width on a phone: it is how most receipts arrive */}
        <Button type="button" colorPalette="teal" variant="outline" w={{ base: 'full', sm: 'auto' }} onClick={() => input.current?.click()}>
          {T.takePhoto}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {T.hint}
        </Text>
      </HStack>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/*"
        capture="environment"
        multiple
        aria-label={T.takePhoto}
        onChange={(e) => {
          Array.from(e.target.files ?? []).forEach((file) => void take(file));
          e.target.value = '';
        }}
      />
      {shots.map((shot) => (
        <Box key={shot.id} borderWidth="1px" borderRadius="md" px="3" py="2" data-testid="photo-item">
          <HStack justify="space-between" gap="2">
            {shot.stage === 'failed' ? (
              <Text role="alert" fontSize="sm" color="red.700">
                {T.failed(shot.name, shot.error ?? '')}
              </Text>
            ) : (
              <HStack gap="2">
                <Spinner size="xs" />
                <Text fontSize="sm">{shot.stage === 'preparing' ? T.preparing(shot.name) : T.sending(shot.name)}</Text>
              </HStack>
            )}
            {shot.stage === 'failed' && (
              <HStack gap="1">
                {shot.prepared && (
                  <Button size="2xs" variant="outline" onClick={() => void send(shot.id, shot.prepared!)}>
                    {T.retry}
                  </Button>
                )}
                <IconButton
                  aria-label={T.remove(shot.name)}
                  size="2xs"
                  variant="ghost"
                  onClick={() => setShots((list) => list.filter((s) => s.id !== shot.id))}
                >
                  <CloseIcon />
                </IconButton>
              </HStack>
            )}
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
