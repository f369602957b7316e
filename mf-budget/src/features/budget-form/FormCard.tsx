import type { ReactNode } from 'react';
import { Box } from '@imprest/ui';

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} maxW="4xl">
      {children}
    </Box>
  );
}
