/** The product mark shown on the public employee pages (they render outside the shell's layouts). */
export function AppMark() {
  return (
    <svg width="44" height="44" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="var(--color-primary)" />
      <path d="M11 29l3-8a3 3 0 012.8-2h14.4a3 3 0 012.8 2l3 8v5a1 1 0 01-1 1h-2a1 1 0 01-1-1v-2H16v2a1 1 0 01-1 1h-2a1 1 0 01-1-1z" fill="var(--color-neutral-0)" />
      <circle cx="17" cy="28" r="2" fill="var(--color-primary)" />
      <circle cx="31" cy="28" r="2" fill="var(--color-primary)" />
      <path d="M15 21h18" stroke="var(--color-primary)" strokeWidth="1.5" />
    </svg>
  );
}
