/**
 * The login page's texts and the field labels of the account screens. A shared entry of its own: the
 * login page, its form and its schema (`forms/login`) show them before anything else.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once, here.
 */
export const LOGIN_MESSAGES = {
  // ---- login
  login: {
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Invalid email format. Please enter a valid email.',
    emailMax: 'Email should not exceed 255 characters.',
    passwordRequired: 'Please enter your password.',
    passwordMax: 'Password should not exceed 20 characters.',
    failed: 'Invalid email or password. Please try again.',
    button: 'Log in',
    buttonBusy: 'Logging in...',
    /** Our addition: a deactivated company's users are told why they cannot sign in. */
    companyDeactivated: 'Your company account has been deactivated. Please contact support.',
    /** Ours: login accepts what change-password can set (100), so the spec's 20 is not the cap here. */
    passwordTooLong: 'Password should not exceed 100 characters.',
    rememberMe: 'Remember me',
    forgotLink: 'Forgot password?',
    signupLink: 'Sign up',
    /** Our addition: the message of a successful login answer. */
    success: 'Logged in successfully.',
    /** Ours: an employee's account signs in to the mobile app, not to this portal. */
    employeeAccount: 'This portal is for company administrators. Employees share lifts in the mobile app.',
    getTheApp: 'Get the mobile app',
    /** The download page reached from that notice. */
    appText: 'Sign in to the app with the same email and password to share lifts with your colleagues.',
  },
  /** Field labels the spec names on the account screens (sign-up, login, passwords, admin users). */
  fields: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmNewPassword: 'Confirm New Password',
    userName: 'User Name',
    accountType: 'Account Type',
    action: 'Action',
  },
} as const;
