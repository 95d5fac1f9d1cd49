import { LAYOUT_FRAME_MESSAGES as FRAME } from './layout-frame';
import { SHELL_START_MESSAGES as START } from './shell-start';

export { PAGE_NAMES, normaliseErrorBody } from './shell-start';

/**
 * The shell's texts and those every page may show: the session, the 404 page, the shell around the
 * remotes, the common answers and the product's name. A shared entry of its own, which the signed-in
 * pages load: those the shell's start-up shows (the login page's path) are defined in `shell-start.ts`
 * and taken in here at their place, so that the start-up does not carry the rest.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once.
 */
export const SHELL_MESSAGES = {
  // ---- session and layout
  session: {
    confirmLogout: 'Are you sure you want to log out?',
    unauthorized: START.session.unauthorized,
    /** Our addition: the message of the logout answer. */
    loggedOut: 'You have been logged out.',
  },
  notFound: {
    code: '404',
    text: START.notFound.text,
    link: 'Dashboard',
  },
  /** Our addition: the shell's own texts around the remotes (landmarks, help, overrides, start-up). */
  shell: {
    home: 'Home',
    /**
     * Ours: an admin limited to some offices on a page whose calls are closed to them (a link; the
     * menu hides it). docs/decisions/0051-office-administrators.md.
     */
    notForYourOfficesTitle: 'Not available for your offices',
    notForYourOffices:
      "You manage only some of the company's offices, and this page is not yet open to admins of some offices. Ask the company's owner if you need it.",
    employerNav: 'Main',
    backOfficeNav: 'Back office',
    /** Ours: the header of the setup steps (the product's mark and Log out). */
    setupHeader: 'Company setup',
    menu: FRAME.menu,
    skipToContent: 'Skip to main content',
    portalVersion: 'Portal',
    /** Why a remote runs the version it does, by `VersionReason`. */
    versionReasons: { stable: 'stable', canary: 'canary', override: 'development override', fallback: 'fallback to stable', preview: 'preview link' },
    runningBuild: (build: string) => `running ${build}`,
    overrideBanner: 'Development override',
    overrideRefused: (remote: string, entry: string) =>
      `Override of ${remote} to ${entry} refused: this portal does not accept development code from there.`,
    resetOverrides: 'Reset overrides',
    ...START.shell,
    /** A remote this portal has not released (yet): a release decision, not a fault, so nothing to retry. */
    featureNotReleased: (feature: string) => `${feature} is not available in this portal yet.`,
    featureNotReleasedHint: 'It will appear here once it is released to this portal.',
    /** Under `common.featureUnavailable` when a released remote failed to load or to render. */
    featureLoadFailedHint: 'It could not be loaded. Check your connection and try again.',
    /** A link's development override waits for the user's yes (docs/decisions/0016-development-overrides.md). */
    overrideConfirmTitle: 'Load development code?',
    overrideConfirmText:
      'This link asks the portal to load these features from another address instead of their release. Code from there runs in this page with your session: load it only if you are developing them yourself.',
    overrideConfirmLoad: 'Load development code',
    overrideConfirmIgnore: 'Use the release',
  },
  /**
   * Ours: Help & Support (the profile menu of both areas). A company's administrators get the
   * operator's contact, short help for the common tasks and a form that mails support; super admins
   * the versions in force (docs/decisions/0033-trial-and-consent.md).
   */
  support: {
    contactTitle: 'Contact support',
    contactIntro: 'The scheme’s support team answers questions about the portal, the mobile app, your employees and billing.',
    email: 'Email',
    phone: 'Phone',
    hours: 'Opening hours',
    contactMissing: 'The support team has not published a phone number or address yet: write to them with the form below.',
    contactLoading: 'Loading the support contact…',
    contactFailed: 'The support contact could not be loaded.',
    topicsTitle: 'Common tasks',
    topics: [
      {
        title: 'Import employees',
        text: 'In Employee Management, choose Add Employee, then Import CSV: download the template, fill in one employee a row and import it. Each employee gets an invitation by mail.',
        link: 'Open Employee Management',
      },
      {
        title: 'Share the sign-up link',
        text: 'Choose Add Employee, then Copy & Share Link, and send the link to your staff. People who sign up through it appear in Pending Requests.',
        link: 'Open Employee Management',
      },
      {
        title: 'Approve join requests',
        text: 'The bell at the top lists people waiting; Pending Requests in Employee Management approves or rejects them, one by one or together.',
        link: 'Open Pending Requests',
      },
      {
        title: 'Read the dashboard',
        text: 'Trips, miles and CO2 saved are counted from the journeys your employees record in the mobile app, month by month; the ranking orders them by trips.',
        link: 'Open the Dashboard',
      },
      {
        title: 'Billing',
        text: 'Payment and Billing shows your free trial or subscription, starts the subscription and lists every invoice with its PDF.',
        link: 'Open Payment and Billing',
      },
    ],
    formTitle: 'Write to support',
    formIntro: (email: string) => `Your message is mailed to the support team with your name and account (${email}); they answer by email.`,
    subject: 'Subject',
    message: 'Message',
    send: 'Send message',
    sending: 'Sending...',
    sent: 'Your message has been sent to support. They will answer by email.',
    sendFailed: 'Your message could not be sent. Please try again.',
    subjectRequired: 'Enter a subject.',
    subjectTooLong: (max: number) => `The subject can be at most ${max} characters.`,
    messageRequired: 'Write your message.',
    messageTooLong: (max: number) => `The message can be at most ${max} characters.`,
    tooMany: 'You have written to support several times in the last hour. Please wait a little before writing again, or call them.',
    versionsTitle: 'Versions in force',
    settingsLink: 'Open Scheme Settings',
  },
  common: {
    /** Our addition: the message of a successful read. */
    ok: 'OK',
    unknownError: START.common.unknownError,
    validationFailed: 'Some fields are not valid. Please check them and try again.',
    internalError: 'Something went wrong on our side. Please try again later.',
    notFound: 'The requested resource was not found.',
    forbidden: 'You do not have permission to do that.',
    unauthorized: 'Authentication is required.',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    bodyTooLarge: 'The request is too large.',
    badRequest: 'The request could not be understood.',
    csrf: 'This request is missing its security header. Please reload the page and try again.',
    /** A NUL character in any text of a request: no field can hold one. */
    nulCharacter: 'Text cannot contain the NUL character.',
    /** Ours: a lone UTF-16 surrogate (half of an emoji, say) that no text encoding can store. */
    brokenCharacter: 'Text contains a broken character (half of an emoji or symbol). Please retype it.',
    /** The server is too busy to answer now (503 with Retry-After). */
    overloaded: 'The service is busy right now. Please try again in a few seconds.',
    /** The api cannot reach its database (a restart, a failover): 503 with Retry-After. */
    databaseUnavailable: 'The service cannot reach its database right now. Please try again in a moment.',
    featureUnavailable: (feature: string) => `${feature} is unavailable right now.`,
    /** Ours: an HTTP method the path does not take (405, with the methods it does take in Allow). */
    methodNotAllowed: 'This address does not take that kind of request.',
    /** Ours: a method the server does not know at all (501). */
    methodUnknown: 'The server does not know this kind of request.',
    /** Ours: the request did not arrive in time (408, then the connection closes). */
    requestTimeout: 'The request took too long to arrive. Please try again.',
    /** Ours: the request's headers are larger than the server takes (431). */
    headersTooLarge: 'The request headers are too large.',
    retry: 'Retry',
    /** Ours: what a page holding unsaved edits asks before it is left. */
    unsavedTitle: 'Leave without saving?',
    stay: 'Stay',
    leaveWithoutSaving: 'Leave without saving',
  },
  /** The product's name and strapline (the spec names none; operator names are left out on purpose). */
  product: {
    ...START.product,
    tagline: 'Workplace lift sharing for your organisation',
  },
} as const;

