import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

/** The frame of every public page: the brand on one side, the form on the other. */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Flex minH="100dvh" direction={{ base: 'column', md: 'row' }}>
      <Flex
        bg="teal.700"
        color="white"
        direction="column"
        justify="center"
        px={{ base: '6', md: '12' }}
        py={{ base: '8', md: '12' }}
        w={{ base: 'full', md: '42%' }}
      >
        <Text fontSize={{ base: '2xl', md: '4xl' }} fontWeight="bold" letterSpacing="tight">
          {TEXT.product}
        </Text>
        <Text mt="2" fontSize={{ base: 'md', md: 'lg' }} color="teal.100" maxW="sm">
          {TEXT.tagline}
        </Text>
      </Flex>
      <Flex flex="1" align="center" justify="center" px="6" py="10" bg="bg">
        <Box w="full" maxW="sm">
          {title && (
            <Heading as="h1" size="2xl" mb="6">
              {title}
            </Heading>
          )}
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
