/**
 * Where focus goes back when a dialog closes: to what opened it (WCAG 2.4.3). A button that opens a
 * dialog still holds focus when the dialog opens; a menu item does not survive its menu, which
 * closes as the dialog opens, so a menu notes its trigger as the opener of what its item opens.
 */
let noted: { trigger: HTMLElement; at: number } | null = null;

/** How long a menu's note stands: the dialog its item opens follows within this (its code may be fetched first). */
const NOTE_MS = 5_000;

/** A menu item was chosen: a dialog it opens gives focus back to the menu's trigger. */
export function noteMenuTrigger(trigger: HTMLElement | null): void {
  noted = trigger ? { trigger, at: Date.now() } : null;
}

/** What a dialog opening now returns focus to when it closes, or null for the browser's default. */
export function takeDialogOpener(): HTMLElement | null {
  const active = document.activeElement;
  const fromMenu = noted && Date.now() - noted.at < NOTE_MS && noted.trigger.isConnected ? noted.trigger : null;
  noted = null;
  if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="menu"]')) return active;
  return fromMenu;
}
