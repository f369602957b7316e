import { Button, HStack, Heading, Text, chakra } from '@chakra-ui/react';
import { useModalDialog } from './use-modal-dialog';

const Dialog = chakra('dialog');

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question on the native <dialog> element: focus is trapped and Escape closes it without
 * a dialog library in the bundle.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { ref, onCancel: cancel } = useModalDialog(open, onCancel);

  return (
    <Dialog
      ref={ref}
      onCancel={cancel}
      aria-labelledby="confirm-title"
      borderRadius="lg"
      borderWidth="1px"
      // the browser centres a modal <dialog> with margin: auto, which the CSS reset sets to 0
      m="auto"
      p="6"
      maxW="md"
      w="calc(100% - 2rem)"
      boxShadow="xl"
      css={{ '&::backdrop': { background: 'rgba(0,0,0,0.4)' } }}
    >
      {open && (
        <>
          <Heading id="confirm-title" size="md" mb="2">
            {title}
          </Heading>
          <Text color="fg.muted" mb="5">
            {message}
          </Text>
          <HStack justify="flex-end" gap="3">
            <Button variant="outline" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button colorPalette={danger ? 'red' : 'teal'} loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </HStack>
        </>
      )}
    </Dialog>
  );
}
