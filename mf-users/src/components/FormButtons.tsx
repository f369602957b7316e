import { Button, HStack } from '@imprest/ui';
import { TEXT } from '../strings';

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
  return (
    <HStack justify="flex-end" gap="3">
      <Button variant="outline" onClick={onCancel} flex={{ base: '1', md: 'initial' }}>
        {TEXT.add.cancel}
      </Button>
      <Button
        colorPalette="teal"
        type={onSave ? 'button' : 'submit'}
        onClick={onSave}
        disabled={saveDisabled}
        loading={saving}
        flex={{ base: '1', md: 'initial' }}
      >
        {saveLabel}
      </Button>
    </HStack>
  );
}
