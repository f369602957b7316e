import { chakra } from '@imprest/ui';
import { TEXT } from '../../strings';
import { MAIN_ID, skipToMain } from './route-focus';

/** The first thing Tab reaches (WCAG 2.4.1): hidden until focused, it jumps past the menus. */
export function SkipLink() {
  return (
    <chakra.a
      href={`#${MAIN_ID}`}
      onClick={skipToMain}
      position="absolute"
      left="2"
      top="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="teal.700"
      color="white"
      fontWeight="semibold"
      borderRadius="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'teal.900', outlineOffset: '2px' }}
    >
      {TEXT.layout.skipLink}
    </chakra.a>
  );
}
