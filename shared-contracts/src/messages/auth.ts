/**
 * The account pages' texts: sign-up, login, employee self-registration, forgot, reset and change
 * password, and the field labels of those screens. A shared entry of its own: the login page's form
 * and its schema (`forms/login`) run it before anything else.
 * Part of `MESSAGES` (messages.ts), which composes every area; each string is defined once, here.
 */
export const AUTH_MESSAGES = {
  // ---- employer sign-up (document 1, section 5)
  signup: {
    nameRequired: 'Name is required.',
    nameMax: 'First Name should not exceed 30 characters.',
    emailInvalid: 'Email is invalid.',
    emailMax: 'Email should not exceed 255 characters.',
    passwordRequired: 'Password is required.',
    passwordMax: 'Password should not exceed 20 characters.',
    /** Ours: every new password is at least 8 characters (docs/decisions/0015-password-policy.md). */
    passwordMin: 'Password must be at least 8 characters.',
    confirmRequired: 'Confirm Password is required.',
    confirmMax: 'Confirm Password should not exceed 20 characters.',
    mismatch: 'Passwords do not match.',
    agreements: 'You must agree to all terms and policies to continue.',
    unexpectedResponse: 'Unexpected response from the server.',
    failed: 'Registration failed. Please try again.',
    /** Our addition: the message of a successful registration answer. */
    success: 'Your account has been created.',
  },
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
  // ---- employee self-registration
  employeeSignup: {
    firstNameRequired: 'First Name is required',
    firstNameMax: 'First Name should not exceed 30 characters',
    lastNameRequired: 'Last Name is required',
    lastNameMax: 'Last Name should not exceed 30 characters',
    emailInvalid: 'Invalid email format',
    emailMax: 'Email should not exceed 255 characters',
    employeeNumberRequired: 'Employee Number is required',
    employeeNumberMax: 'Employee Number should not exceed 20 characters',
    passwordRequired: 'Password is required',
    passwordMax: 'Password should not exceed 20 characters',
    /** Ours: the new-password minimum. */
    passwordMin: 'Password must be at least 8 characters',
    confirmRequired: 'Confirm Password is required',
    confirmMax: 'Confirm Password should not exceed 20 characters',
    mismatch: 'Passwords do not match',
    welcome: 'Welcome on board!',
    setup: 'Setup your account',
    invitedBy: (company: string) => `You have been invited to join by ${company}`,
    unknownCompany: 'Unknown Company',
    success: 'Account Setup Successful',
    companyNotFound: 'This invitation link is not valid. Please ask your employer for a new one.',
  },
  // ---- reset / forgot password
  reset: {
    newRequired: 'New Password is required',
    newMax: 'New Password should not exceed 20 characters',
    /** Ours: the new-password minimum. */
    newMin: 'New Password must be at least 8 characters',
    confirmRequired: 'Confirm Password is required',
    confirmMax: 'Confirm Password should not exceed 20 characters',
    mismatch: 'Passwords do not match',
    emailTokenRequired: 'Email and token are required',
    success: 'Password reset successfully',
    mobileSuccess: 'Password reset successfully. You can now close this page and return to the app.',
    failed: 'Failed to reset password. Please try again.',
    invalidToken: 'This reset link is invalid or has expired. Please request a new one.',
    button: 'Reset Password',
    buttonBusy: 'Processing...',
  },
  forgot: {
    heading: 'Forgot Your Password?',
    emailInvalid: 'Invalid email format',
    success: 'Reset link sent successfully. Please check your email.',
    failed: 'Failed to send reset link. Please try again.',
    button: 'Send Reset Link',
    buttonBusy: 'Processing...',
  },
  // ---- change password (both documents)
  changePassword: {
    emailRequired: 'Email is required.',
    emailInvalid: 'Invalid email format.',
    emailOutOfSync: 'Email field out of sync. Please refresh.',
    currentRequired: 'Current password is required.',
    currentMax: 'Current password is too long.',
    newRequired: 'New password is required',
    newMin: 'New password must be at least 8 characters',
    newMax: 'New password should not exceed 100 characters',
    confirmRequired: 'Confirm new password is required',
    mismatch: 'New passwords do not match',
    emailMissing: 'User email not available. Please log in again.',
    successTitle: 'Success!',
    success: 'Password successfully changed. You will now be logged out.',
    failed: 'Failed to change password. Please try again.',
    wrongCurrent: 'Current password is incorrect.',
    /** Ours: a new password must differ from the current one. */
    sameAsCurrent: 'New password must be different from the current password',
    button: 'Save Password',
    buttonBusy: 'Saving...',
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
