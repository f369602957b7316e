import type { ReactNode } from 'react';
import { Box, Text } from '@imprest/ui';

/** One labelled value of the form (a dt/dd pair inside a dl grid). */
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
