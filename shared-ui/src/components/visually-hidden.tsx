import * as RadixVisuallyHidden from '@radix-ui/react-visually-hidden';
import type { ReactNode } from 'react';

/** Text for assistive technology only (icon button names, status announcements). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <RadixVisuallyHidden.Root>{children}</RadixVisuallyHidden.Root>;
}
