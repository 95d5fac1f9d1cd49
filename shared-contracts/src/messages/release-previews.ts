/**
 * Preview links' texts (docs/decisions/0046): what the release CLI, the portal server and the shell's
 * banner say about a link that pins one published version of a remote for whoever opens it. Part of
 * `MESSAGES` (messages.ts).
 */
export const RELEASE_PREVIEW_MESSAGES = {
  releasePreview: {
    /** The shell's banner while a preview is on (only this browser sees it). */
    banner: (remote: string, version: string, until: string) => `Preview: ${remote} ${version}, until ${until}. Only this browser sees it.`,
    leave: 'Leave preview',
    dismiss: 'Dismiss',
    /** Why a link or the preview this browser had loads nothing unusual. */
    refused: {
      expired: 'This preview link has expired: you see the portal as everyone does.',
      revoked: 'This preview link has been revoked: you see the portal as everyone does.',
      invalid: 'This preview link is not valid (altered or cut short): you see the portal as everyone does.',
      unpublished: 'The version this preview link names is not published: you see the portal as everyone does.',
    },
    badExpires: (maxDays: number) => `Give how long the link lasts as a duration such as 30m, 24h or 7d, at most ${maxDays} days`,
    notPublished: (remote: string, version: string) => `${remote} ${version} is not published: publish it first (pnpm release publish ${remote} --version ${version})`,
    notFound: (id: string) => `No preview ${id} is active`,
    badId: 'That is not a preview id: give the id pnpm release previews lists',
    /** The release console's section. */
    consoleHeading: 'Preview links',
    consoleIntro: 'A link pins a published version of one remote for whoever opens it, until it expires or is revoked. Nobody else is affected.',
    consoleNone: 'No preview link is active',
    consoleRemote: 'Remote',
    consoleVersion: 'Published version',
    consoleExpires: 'Lasts (e.g. 30m, 24h, 7d)',
    consoleCreate: 'Make link',
    consoleMade: (remote: string, version: string) => `Preview link for ${remote} ${version} made: copy it below.`,
    consoleLink: 'Link',
    consoleCopy: 'Copy link',
    consoleCopied: 'Copied',
    consoleUntil: 'Until',
    consoleBy: 'Made by',
    consoleRevoke: 'Revoke',
    consoleRevokeConfirm: (remote: string, version: string) => `Revoke the preview link for ${remote} ${version}? Whoever is in it loads what everyone gets on their next page.`,
    consoleRevoked: (remote: string, version: string) => `Preview link for ${remote} ${version} revoked`,
    consoleChooseVersion: 'Choose a published version',
    noSecret:
      'PREVIEW_SECRET is not set and no secret is kept in the data folder: set PREVIEW_SECRET (at least 32 characters) the same on every portal instance and where the release tool runs',
  },
} as const;
