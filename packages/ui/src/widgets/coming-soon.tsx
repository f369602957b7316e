import { Box, Heading, Text } from '@chakra-ui/react';

/** An honest placeholder for a screen that a later release delivers. No fake data. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }} data-testid="coming-soon">
      <Heading size="md" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted">{children ?? 'This screen is not available yet. It arrives in an upcoming release of Imprest.'}</Text>
    </Box>
  );
}
