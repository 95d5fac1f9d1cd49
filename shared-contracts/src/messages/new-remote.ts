/**
 * The texts of the page `pnpm create-remote` writes (docs/decisions/0050): a new remote starts with
 * them and replaces them with its own, here in shared-contracts, as its feature grows. Part of
 * `MESSAGES` (messages.ts).
 */
export const NEW_REMOTE_MESSAGES = {
  newRemote: {
    loading: 'Loading your company...',
    loadFailed: 'Your company could not be loaded.',
    /** The first line of a new remote's page, naming the company it works for. */
    company: (name: string) => `Working for ${name}.`,
  },
} as const;
