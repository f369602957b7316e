import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { CloseIcon } from '../icons';

export type BannerTone = 'green' | 'blue' | 'purple';

interface CornerBannerProps {
  tone: BannerTone;
  title: string;
  text?: string;
  actionLabel?: string;
  onAction?: () => void;
  onDismiss: () => void;
}

/** The offline / update / install banners of SPEC §1, stacked in the bottom-right corner. */
export function CornerBanner({ tone, title, text, actionLabel, onAction, onDismiss }: CornerBannerProps) {
  return (
    <Box
      role="status"
      bg={`${tone}.600`}
      color="white"
      borderRadius="md"
      boxShadow="lg"
      px="4"
      py="3"
      maxW="sm"
      data-banner={tone}
    >
      <HStack align="start" gap="3">
        <Box flex="1">
          <Text fontWeight="semibold">{title}</Text>
          {text && <Text fontSize="sm">{text}</Text>}
          {actionLabel && onAction && (
            <Button size="xs" mt="2" variant="solid" bg="white" color={`${tone}.700`} onClick={onAction}>
              {actionLabel}
            </Button>
          )}
        </Box>
        <IconButton aria-label="Dismiss" size="xs" variant="ghost" color="white" onClick={onDismiss}>
          <CloseIcon />
        </IconButton>
      </HStack>
    </Box>
  );
}
