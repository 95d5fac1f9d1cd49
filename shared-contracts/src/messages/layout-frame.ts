/**
 * The layouts' static texts that the early frame of a signed-in page (the shell's
 * `routes/early-frame.tsx`, drawn from the address before the session is restored) shows with the
 * same geometry as the layout that replaces it. Kept apart from `shell.ts` so that the frame's chunk
 * does not carry the shell's other texts; `SHELL_MESSAGES` (shell.ts) holds each at its place.
 */
export const LAYOUT_FRAME_MESSAGES = {
  /** The button that shows a layout's navigation on a small screen. */
  menu: 'Menu',
} as const;
