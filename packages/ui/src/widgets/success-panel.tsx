import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';

interface SuccessPanelProps {
  title: string;
  subtitle?: string;
  actionLabel: string;
  onAction: () => void;
}

/** A finished action: big tick, the title of SPEC (e.g. 'Successful!'), and one way forward. */
export function SuccessPanel({ title, subtitle, actionLabel, onAction }: SuccessPanelProps) {
  return (
    <VStack gap="4" textAlign="center" py="6">
      <Box
        aria-hidden="true"
        w="16"
        h="16"
        borderRadius="full"
        bg="green.100"
        color="green.700"
        display="flex"
        alignItems="center"
        justifyContent="center"
        fontSize="3xl"
      >
        ✓
      </Box>
      <Heading size="xl">{title}</Heading>
      {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      <Button colorPalette="teal" onClick={onAction}>
        {actionLabel}
      </Button>
    </VStack>
  );
}
