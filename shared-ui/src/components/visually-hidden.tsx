import type { CSSProperties, ReactNode } from 'react';

// Radix's visually hidden styles, without its primitive: shown to assistive technology only.
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  border: 0,
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  wordWrap: 'normal',
};

/** Text for assistive technology only (icon button names, status announcements). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={VISUALLY_HIDDEN}>{children}</span>;
}
