import type { ReactNode } from 'react';
import { Box, Text } from '@chakra-ui/react';

/** One labelled value of a detail page (a dt/dd pair inside a dl grid); `wide` spans the grid. */
export function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box gridColumn={wide ? '1 / -1' : undefined} minW="0">
      <Text as="dt" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box as="dd" m="0" mt="0.5" fontWeight="medium" overflowWrap="anywhere" whiteSpace="pre-wrap">
        {children}
      </Box>
    </Box>
  );
}
