/**
 * Every user-facing string of the spec, once. Shell, remotes and api import from here;
 * a string that appears in the spec must not be typed anywhere else.
 */
export const MESSAGES = {
  // ---- employer sign-up (document 1, section 5)
  signup: {
    nameRequired: 'Name is required.',
    nameMax: 'First Name should not exceed 30 characters.',
    emailInvalid: 'Email is invalid.',
    emailMax: 'Email should not exceed 255 characters.',
    passwordRequired: 'Password is required.',
    passwordMax: 'Password should not exceed 20 characters.',
    confirmRequired: 'Confirm Password is required.',
    confirmMax: 'Confirm Password should not exceed 20 characters.',
    mismatch: 'Passwords do not match.',
    agreements: 'You must agree to all terms and policies to continue.',
    unexpectedResponse: 'Unexpected response from the server.',
    failed: 'Registration failed. Please try again.',
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
    button: 'Save Password',
    buttonBusy: 'Saving...',
  },
  // ---- setup and company
  setup: {
    saveFirst: 'Please save your details before proceeding.',
    addLocation: 'Please add a location before proceeding.',
    proceedFailed: 'Failed to save details. Please try again.',
    clickSave: 'Please click the save button below before proceeding',
  },
  company: {
    saved: 'Company details saved successfully',
    saveFailed: 'Failed to save company details.',
    locationUpdated: 'Location updated successfully',
    locationAdded: 'Location added successfully',
    locationRemoved: 'Location removed successfully',
    incentiveSaved: 'Incentive saved successfully.',
    companyIdMissing: 'Company ID is missing.',
    notFound: 'Company not found.',
    deactivated: 'Employer deactivated successfully!',
    reactivated: 'Employer reactivated successfully!',
    deleted: 'Employer deleted successfully!',
  },
  // ---- employees
  employees: {
    csvType: 'Invalid file type. Please upload a CSV file.',
    csvSize: 'File size exceeds 2MB.',
    csvSelect: 'Please select a file first.',
    csvSuccess: 'File uploaded successfully',
    csvFailed: (message: string) => `Error: ${message}`,
    usersExist: 'Error: User/s already exists.',
    usersExistServer: 'User/s already exists.',
    linkCopied: 'Link copied to clipboard!',
    copied: 'Copied!',
    rejected: 'Employee rejected successfully!',
    approved: 'Employee approved successfully!',
    rejectFailed: 'Failed to reject employee.',
    approveFailed: 'Failed to approve employee.',
    bulkApproved: 'Employees approved successfully!',
    bulkApproveFailed: 'Failed to approve employees. Please try again.',
    pendingLoadFailed: 'Could not load pending employees.',
    manualAdded: 'Employee(s) added successfully',
    manualFailed: (message: string) => `Error: ${message}`,
    deactivationReason: 'Reason for deactivation is needed',
    selectToApprove: 'Please select at least one employee to approve.',
    noPending: 'No pending requests found.',
    confirmReject: 'Are you sure you want to reject this user?',
    confirmVerify: 'Are you sure you want to verify this user?',
    awaitingApproval: 'Awaiting Approval',
    deactivated: 'Employee deactivated successfully!',
    reactivated: 'Employee reactivated successfully!',
    deleted: 'Employee deleted successfully!',
    notFound: 'Employee not found.',
  },
  manualRow: {
    firstNameRequired: 'Name is required',
    firstNameMax: 'Name required, max 30 characters',
    lastNameRequired: 'Surname is required',
    lastNameMax: 'Surname, max 30 characters',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email format',
    emailMax: 'Email should not exceed 255 characters',
    employeeNumberRequired: 'Employee No required',
  },
  // ---- drivers (document 2)
  drivers: {
    loadFailed: 'Could not load pending drivers.',
    rejectNotes: 'Please provide notes for rejecting the driver.',
    verifyFollowUp: 'Please provide follow up date for the driver.',
    verifyVehicle: 'Please provide notes and follow up date for the vehicle.',
    noneSelected: 'No drivers selected to approve.',
    rejectFailed: 'Failed to reject driver. Please try again.',
    approveFailed: 'Failed to approve driver. Please try again.',
    rejected: 'Driver rejected successfully!',
    approved: 'Driver approved successfully!',
    bulkApproved: 'Drivers approved successfully!',
    vehicleApproved: 'Vehicle approved successfully!',
    approveSelectedFailed: 'Failed to approve selected drivers / vehicles / employees',
    noPending: 'No pending drivers found',
    loadingDetails: 'Loading driver details...',
  },
  // ---- admin users (document 2)
  admins: {
    allRequired: 'All fields are required.',
    emailInvalid: 'Enter a valid email address.',
    passwordMin: 'Password must be at least 6 characters.',
    usernameSpaces: 'Username cannot contain spaces.',
    userAdded: 'User added successfully!',
    adminAdded: 'Admin added successfully!',
    userRemoved: 'User removed successfully!',
  },
  // ---- session and layout
  session: {
    confirmLogout: 'Are you sure you want to log out?',
    unauthorized: 'Your session has ended. Please log in again.',
  },
  notFound: {
    code: '404',
    text: 'Page not found',
    link: 'Dashboard',
  },
  common: {
    unknownError: 'An unknown error occurred.',
    validationFailed: 'Some fields are not valid. Please check them and try again.',
    internalError: 'Something went wrong on our side. Please try again later.',
    notFound: 'The requested resource was not found.',
    forbidden: 'You do not have permission to do that.',
    unauthorized: 'Authentication is required.',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    bodyTooLarge: 'The request is too large.',
    badRequest: 'The request could not be understood.',
    csrf: 'This request is missing its security header. Please reload the page and try again.',
    featureUnavailable: (feature: string) => `${feature} is unavailable right now.`,
    retry: 'Retry',
  },
  billing: {
    cancelConfirm: 'Are you sure you want to cancel your subscription? It stays active until the end of the paid period.',
    cancelled: 'Subscription cancelled. It stays active until the end of the paid period.',
  },
} as const;

/** A normalised error text for a failed call (document 2, section 8). */
export function normaliseErrorBody(body: unknown): string {
  if (Array.isArray(body)) return body.map(String).join(', ');
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown; title?: unknown };
    if (Array.isArray(b.errors) && b.errors.length > 0 && !b.message) {
      return b.errors.map((e) => (typeof e === 'string' ? e : (e as { message?: string }).message ?? '')).join(', ');
    }
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.title === 'string' && b.title) return b.title;
  }
  return MESSAGES.common.unknownError;
}
