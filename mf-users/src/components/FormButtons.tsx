import { useOnline } from '@imprest/api-client/offline';
import { Button, HStack, Stack } from '@imprest/ui';
import { TEXT } from '../strings';
import { OfflineReason } from './OfflineReason';

interface FormButtonsProps {
  onCancel: () => void;
  /** Without it Save submits the surrounding form. */
  onSave?: () => void;
  saveLabel?: string;
  saveDisabled?: boolean;
  saving?: boolean;
}

/** Cancel and Save, right-aligned; full width on phones. */
export function FormButtons({ onCancel, onSave, saveLabel = TEXT.add.save, saveDisabled, saving }: FormButtonsProps) {
  // every Save here changes users or approvals: never queued, so offline it waits for a connection
  const online = useOnline();
  return (
    <Stack gap="2" align={{ base: 'stretch', md: 'flex-end' }}>
      {!online && <OfflineReason />}
      <HStack justify="flex-end" gap="3">
        <Button variant="outline" onClick={onCancel} flex={{ base: '1', md: 'initial' }}>
          {TEXT.add.cancel}
        </Button>
        <Button
          colorPalette="teal"
          type={onSave ? 'button' : 'submit'}
          onClick={onSave}
          disabled={saveDisabled || !online}
          loading={saving}
          flex={{ base: '1', md: 'initial' }}
        >
          {saveLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
