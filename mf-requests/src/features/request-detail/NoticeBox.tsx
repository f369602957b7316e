import type { ReactNode } from 'react';
import { Box, Text } from '@imprest/ui';

/**
 * A titled notice for a reviewer above the request (the owner's outstanding advances, the owner's
 * other requests on the code), tinted by how much it should worry them; left out of the print.
 */
export function NoticeBox({ title, palette, children }: { title: string; palette: 'gray' | 'orange' | 'red'; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-label={title}
      colorPalette={palette}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderRadius="lg"
      p="4"
      data-print-hide
    >
      <Text fontWeight="semibold" mb="1">
        {title}
      </Text>
      {children}
    </Box>
  );
}
