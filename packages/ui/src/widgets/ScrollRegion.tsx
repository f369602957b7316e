import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';

/** True while the element's content is wider than the element: it scrolls sideways. */
function useOverflowsX(): [React.RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    // The observer's first answer comes after the page's own layout, before it paints: measuring
    // here as well forced a layout of its own in the middle of the first render (~37 ms on a
    // dashboard revisit, traced), which the next commit then threw away.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows];
}

/**
 * A wide table's sideways-scrolling box. While it does scroll (a phone, a long name) it is a named,
 * focusable region, so a keyboard user can reach and scroll it (WCAG 2.1.1; axe
 * scrollable-region-focusable); while everything fits it adds no tab stop.
 */
export function ScrollRegion({ label, children, ...box }: { label: string; children: ReactNode } & BoxProps) {
  const [ref, overflows] = useOverflowsX();
  return (
    <Box
      ref={ref}
      overflowX="auto"
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.600', outlineOffset: '2px' }}
      {...box}
    >
      {children}
    </Box>
  );
}
