/**
 * The account pages' texts besides login: sign-up, employee self-registration, forgot, reset and change
 * password, and admin users. A shared entry of its own: mfe-auth's pages and the account forms
 * (`forms/auth`) show them without every other area's texts.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once, here.
 */
/**
 * Every new password's minimum, said one way on every form (docs/decisions/0031-edges-of-input.md):
 * the spec's change-password sentence where the field is a new password, and the spec's add-admin
 * sentence, with the figure of the rule (NEW_PASSWORD_MIN, 8), where it is a password.
 */
const PASSWORD_MIN = 'Password must be at least 8 characters.';
const NEW_PASSWORD_MIN = 'New password must be at least 8 characters';

export const AUTH_MESSAGES = {
  // ---- employer sign-up (document 1, section 5)
  signup: {
    nameRequired: 'Name is required.',
    /**
     * The spec words it "First Name should not exceed 30 characters." under a field it labels Name,
     * whose required message says Name: the field holds the person's whole name (the portal greets
     * them by it), so the limit names it as the label does (docs/decisions/0034-polish.md).
     */
    nameMax: 'Name should not exceed 30 characters.',
    emailInvalid: 'Email is invalid.',
    emailMax: 'Email should not exceed 255 characters.',
    passwordRequired: 'Password is required.',
    passwordMax: 'Password should not exceed 20 characters.',
    /** Ours: every new password is at least 8 characters (docs/decisions/0015-password-policy.md). */
    passwordMin: PASSWORD_MIN,
    confirmRequired: 'Confirm Password is required.',
    confirmMax: 'Confirm Password should not exceed 20 characters.',
    mismatch: 'Passwords do not match.',
    agreements: 'You must agree to all terms and policies to continue.',
    unexpectedResponse: 'Unexpected response from the server.',
    failed: 'Registration failed. Please try again.',
    /** Our addition: the message of a successful registration answer. */
    success: 'Your account has been created.',
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
    passwordMin: PASSWORD_MIN,
    confirmRequired: 'Confirm Password is required',
    confirmMax: 'Confirm Password should not exceed 20 characters',
    mismatch: 'Passwords do not match',
    welcome: 'Welcome on board!',
    setup: 'Setup your account',
    invitedBy: (company: string) => `You have been invited to join by ${company}`,
    unknownCompany: 'Unknown Company',
    success: 'Account Setup Successful',
    companyNotFound: 'This invitation link is not valid. Please ask your employer for a new one.',
    /** Ours: an office link's office id is malformed (a removed office is not an error: No office). */
    officeInvalid: 'The office in this invitation link is not valid. Please ask your employer for a new link.',
    // Ours: the rest of the page's texts (labels as the spec names the fields).
    loadingCompany: 'Loading company',
    approvalNote: 'Once you have set up your account, your employer must approve it before it becomes active.',
    labels: {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      employeeNumber: 'Employee Number',
      licence: 'Driving licence number',
      licenceHint: 'Optional: only if you will drive others.',
      password: 'Password',
      confirmPassword: 'Confirm Password',
    },
    busy: 'Processing...',
    successText: 'Your employer will approve your account. Meanwhile, download the app to find lifts with your colleagues.',
    appStore: 'Download on the App Store',
    googlePlay: 'Get it on Google Play',
    /** The store badges' two lines, as the stores draw them. */
    appStoreBadge: ['Download on the', 'App Store'] as const,
    googlePlayBadge: ['GET IT ON', 'Google Play'] as const,
  },
  // ---- reset / forgot password
  reset: {
    newRequired: 'New Password is required',
    newMax: 'New Password should not exceed 20 characters',
    /** Ours: the new-password minimum, as change-password says it. */
    newMin: NEW_PASSWORD_MIN,
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
    newMin: NEW_PASSWORD_MIN,
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
  // ---- admin users (document 2)
  admins: {
    allRequired: 'All fields are required.',
    emailInvalid: 'Enter a valid email address.',
    /** The spec's sentence with the rule's figure: its 6 is below the minimum of every new password. */
    passwordMin: PASSWORD_MIN,
    usernameSpaces: 'Username cannot contain spaces.',
    userAdded: 'User added successfully!',
    adminAdded: 'Admin added successfully!',
    userRemoved: 'User removed successfully!',
    /** Ours: limits the spec leaves unstated for the add form. */
    userNameMax: 'Username should not exceed 30 characters.',
    passwordMax: 'Password should not exceed 100 characters.',
    /** "Asks to confirm removal of the named admin". */
    confirmRemove: (name: string) => `Are you sure you want to remove ${name}?`,
    /** Ours: refusals of the add and remove calls the spec leaves unstated. */
    addFailed: 'The user could not be added. If this email address is already registered, use a different one.',
    cannotRemoveSelf: 'You cannot remove your own account.',
    cannotRemoveOwner: "The company's owner cannot be removed.",
    lastSuperAdmin: 'The last super admin cannot be removed.',
    /**
     * Ours: office administrators (issue 32; docs/decisions/0051-office-administrators.md): the
     * scope an employer gives an admin, and the refusals of setting it.
     */
    wholeCompany: 'Whole company',
    officesSaved: "The admin's offices have been saved.",
    cannotLimitSelf: 'You cannot change your own offices.',
    cannotLimitOwner: "The company's owner always manages the whole company.",
    officesOnlyForAdmins: 'Only an admin who manages the whole company can change which offices an admin manages.',
    officesTooMany: 'Choose at most 50 offices.',
    officeUnknown: "One of these offices is not one of the company's offices. Reload the page and try again.",
    /** User Management: the scope column, its button and its dialog. */
    officesColumn: 'Offices',
    changeOffices: 'Change offices',
    changeOfficesOf: (name: string) => `Change offices: ${name}`,
    officesTitle: (name: string) => `Offices ${name} manages`,
    officesIntro: "An admin of some offices sees only those offices' figures, and none of the pages that are not yet limited to offices.",
    officesScope: 'Manages',
    someOffices: 'Only these offices',
    officesLegend: 'Offices',
    chooseOffice: 'Choose at least one office.',
    officesLoadFailed: "The company's offices could not be loaded.",
    noOfficesLeft: 'No office (all removed)',
    /** An office admin's call on what is not theirs: another office, "No office", or the whole company's settings. */
    outsideOffices: 'You manage only some of the company\'s offices, and this is not one of them.',
    /** An office admin moving an employee to an office not theirs, or to "No office" (decision 0053). */
    moveOutsideOffices: 'You can move an employee only to one of the offices you manage. Ask an admin of the whole company to move them elsewhere.',
    /** Ours: an employer account whose company is not set up yet (All Users' Company column). */
    noCompanyYet: 'Company not set up yet',
    // Ours: the lists' search, and where an employer account added by a super admin is found.
    searchLabel: 'Search by name or email',
    noMatch: 'Nobody matches your search.',
    employerGoesTo: 'An employer account is listed under All Employers, filter Awaiting setup, until its company is set up.',
  },
} as const;
