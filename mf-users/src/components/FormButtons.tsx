import { useOnline } from '@imprest/api-client/offline';
import { Stack } from '@imprest/ui';
import { FormActions } from '@imprest/ui/forms';
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
      <FormActions
        cancelLabel={TEXT.add.cancel}
        onCancel={onCancel}
        saveLabel={saveLabel}
        onSave={onSave}
        saveDisabled={saveDisabled || !online}
        saving={saving}
      />
    </Stack>
  );
}
