import { Button, HStack } from '../chakra';

export interface FormActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  saveLabel: string;
  /** Without it the save button submits the surrounding form. */
  onSave?: () => void;
  saveDisabled?: boolean;
  saving?: boolean;
}

/** A form's Cancel and Save (or Submit), right-aligned; each half the width on phones. */
export function FormActions({ cancelLabel, onCancel, saveLabel, onSave, saveDisabled, saving }: FormActionsProps) {
  return (
    <HStack justify="flex-end" gap="3">
      <Button variant="outline" onClick={onCancel} flex={{ base: '1', md: 'initial' }}>
        {cancelLabel}
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
