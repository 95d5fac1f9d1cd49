import { LOGIN_COPY } from './login-copy';

/**
 * Product copy of the account screens that the spec does not word (headings, help text, the
 * sign-up carousel). Spec strings live in `MESSAGES` of shared-contracts, never here.
 */
export const COPY = {
  login: LOGIN_COPY,
  signup: {
    title: 'Create your employer account',
    subtitle: 'Set up lift sharing for your organisation in a few minutes.',
    button: 'Create account',
    buttonBusy: 'Creating account...',
    haveAccount: 'Already have an account?',
    backToLogin: 'Log in',
    agreePrefix: 'I agree to the',
  },
  /** The way back from the forgot and reset password screens. */
  backToLogin: 'Back to log in',
  forgot: {
    subtitle: 'Enter the email address of your account and we will send you a link to choose a new password.',
  },
  reset: {
    title: 'Choose a new password',
    subtitle: 'Enter your new password twice to confirm it.',
    requestNew: 'Request a new link',
  },
  changePassword: {
    title: 'Login details',
    superAdminTitle: 'My profile',
    subtitle: 'Change the password you use to sign in. You will be signed out afterwards.',
  },
  admins: {
    count: (n: number) => (n === 1 ? '1 user' : `${n} users`),
    empty: 'No other users yet.',
    loadFailed: 'Could not load the users.',
    loading: 'Loading users...',
    removeTitle: 'Remove user',
    addTitle: 'Add User',
  },
  carousel: {
    label: 'Why lift sharing works',
    /** What a screen reader calls the carousel and each of its slides. */
    roleCarousel: 'carousel',
    roleSlide: 'slide',
    slideLabel: (n: number, total: number, theme: string) => `${n} of ${total}: ${theme}`,
    /** The third slide's drawing: the carbon its shared cars save. */
    artCo2: '− CO₂',
    previous: 'Previous slide',
    next: 'Next slide',
    goTo: (n: number, total: number) => `Show slide ${n} of ${total}`,
    pause: 'Pause slideshow',
    play: 'Play slideshow',
    slides: [
      {
        text: 'Fewer cars arriving each morning frees up spaces and ends the daily hunt for a parking spot.',
      },
      {
        text: 'Colleagues share the cost of the commute, save money every month and start the day in good company.',
      },
      {
        text: 'Every shared journey keeps a car off the road and cuts your organisation’s carbon footprint.',
      },
    ],
  },
} as const;
