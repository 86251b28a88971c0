import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A named region that scrolls a wide or long table; it takes the keyboard focus so the arrow keys scroll it
 * (WCAG 2.1.1, axe "scrollable-region-focusable").
 */
export function ScrollRegion({
  label,
  maxHeight,
  children,
}: {
  label: string;
  maxHeight?: number;
  children: ReactNode;
}) {
  return (
    <Box tabIndex={0} role="region" aria-label={label} style={{ overflow: 'auto', maxHeight }}>
      {children}
    </Box>
  );
}
