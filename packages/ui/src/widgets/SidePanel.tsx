import { useId, type ReactNode } from 'react';
import { Box, HStack, Heading, IconButton, chakra } from '@chakra-ui/react';
import { CloseIcon } from '../icons';
import { useModalDialog } from './use-modal-dialog';

const Dialog = chakra('dialog');

interface SidePanelProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons kept in view at the bottom of the panel. */
  footer?: ReactNode;
  closeLabel?: string;
}

/**
 * A panel sliding in from the right on the native modal <dialog> (focus kept inside, Escape and
 * a click beside it close it), the full width of a phone; no drawer library in the bundle.
 */
export function SidePanel({ open, title, onClose, children, footer, closeLabel = 'Close' }: SidePanelProps) {
  const { ref, onCancel } = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <Dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={onCancel}
      // the backdrop belongs to the dialog element itself: a click on it targets the dialog
      onClick={(e) => e.target === e.currentTarget && onClose()}
      m="0"
      ms="auto"
      p="0"
      h="100dvh"
      maxH="100dvh"
      w={{ base: '100vw', md: 'md' }}
      maxW="100vw"
      bg="bg"
      boxShadow="xl"
      css={{
        '&[open]': { animation: 'slide-from-right-full 250ms ease-out' },
        '&::backdrop': { background: 'rgba(0,0,0,0.4)' },
        '@media (prefers-reduced-motion: reduce)': { '&[open]': { animation: 'none' } },
      }}
    >
      {open && (
        <Box display="flex" flexDirection="column" h="full">
          <HStack justify="space-between" align="flex-start" gap="3" px="5" py="4" borderBottomWidth="1px">
            <Heading id={titleId} size="md">
              {title}
            </Heading>
            <IconButton aria-label={closeLabel} variant="ghost" size="sm" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </HStack>
          <Box flex="1" overflowY="auto" px="5" py="4">
            {children}
          </Box>
          {footer && (
            <Box px="5" py="4" borderTopWidth="1px">
              {footer}
            </Box>
          )}
        </Box>
      )}
    </Dialog>
  );
}
