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
  // ---- setup and company
  setup: {
    saveFirst: 'Please save your details before proceeding.',
    addLocation: 'Please add a location before proceeding.',
    proceedFailed: 'Failed to save details. Please try again.',
    clickSave: 'Please click the save button below before proceeding',
    /** Ours: the account-completed page while it completes the setup on the server. */
    completing: 'Completing your setup',
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
    /** Ours: the company could not be read (network or server failure). */
    loadFailed: 'Could not load the company details.',
    /** Ours: locations belong to a saved company. */
    locationsNeedCompany: 'Save the company details first, then add your office locations.',
    /** Ours: an employer creates one company; later changes go through PUT employers. */
    alreadySetUp: 'Your company is already set up.',
    /** Ours: setup step 3 is left only after the incentives are saved. */
    incentivesFirst: 'Please save your incentives before proceeding.',
    /** Ours: a company keeps at least one office location (the portal disables Remove; the api refuses). */
    lastLocation: 'A company needs at least one office location: add another before removing this one.',
    /** Ours: Remove asks first. */
    removeLocationTitle: 'Remove this office location?',
    removeLocationText: (address: string) => `${address} will no longer be listed as an office of your company.`,
    /** Ours: Company Settings asks before its unsaved details are lost (another tab, another page). */
    unsavedDetails: 'Your changes to the company details are not saved. If you leave now, they are lost.',
  },
  /** Ours: the super admin's All Employers list and employer modal. */
  employers: {
    loadFailed: 'Could not load employers.',
    none: 'No employers found.',
    confirmDelete: 'Are you sure you want to delete this employer? All of its data is removed and its users lose access at once.',
    /** The same question naming what goes, once the company is known. */
    confirmDeleteNamed: (name: string, employees: number) =>
      `Are you sure you want to delete ${name}? The company, its ${employees === 1 ? '1 employee' : `${employees.toLocaleString('en-GB')} employees`} and its administrators are removed with all of their data, and lose access at once.`,
    detailsTitle: 'Employer details',
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
    // Import report (our additions: the spec names no per-row messages).
    importLine: (line: number, message: string) => `Line ${line}: ${message}`,
    csvColumns: 'The file must have a header line with exactly the columns firstName, lastName, email, employeeNumber.',
    csvEmpty: 'The file has no employee rows.',
    csvTooManyRows: (max: number) => `The file has more than ${max} employee rows.`,
    csvUnreadable: 'The file is not a readable CSV text file.',
    csvOneFile: 'Please upload one CSV file at a time.',
    csvIncomplete: 'The upload was cut short or is malformed. Please try again.',
    duplicateInFile: (line: number) => `Duplicate of line ${line}`,
    emailTaken: 'A user with this email already exists.',
    employeeNumberTaken: 'An employee with this employee number already exists.',
    notPending: 'This employee has no pending join request.',
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
    departmentMax: 'Department, max 60 characters',
  },
  /**
   * Ours: Reject and Verify of join requests. One request keeps the spec's texts
   * (employees.confirmReject etc.); several are named and counted.
   */
  joinRequests: {
    rejectTitle: 'Reject join request',
    verifyTitle: 'Verify join request',
    rejectManyTitle: (count: number) => `Reject ${count} requests?`,
    confirmRejectMany: (names: readonly string[]) => `Are you sure you want to reject ${namesInBrief(names)}?`,
    rejectedMany: 'Employees rejected successfully!',
    rejectManyFailed: 'Failed to reject employees. Please try again.',
    selectToReject: 'Please select at least one employee to reject.',
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
    /** The spec's "drivers / vehicles / employees" read as one fallback per list. */
    approveSelectedFailedFor: {
      drivers: 'Failed to approve selected drivers',
      vehicles: 'Failed to approve selected vehicles',
      employees: 'Failed to approve selected employees',
    },
    followUpTitle: 'Driver Follow-up Verification',
    noPending: 'No pending drivers found',
    loadingDetails: 'Loading driver details...',
    // Ours: what the spec leaves unstated.
    notFound: 'Driver not found.',
    /** Bulk calls name the ids that are not drivers (unknown, or without a registered vehicle). */
    notDrivers: 'Some of the selected employees are not drivers. Nothing was changed.',
    notADriver: (id: string) => `${id} is not a driver.`,
    tooMany: 'Select at most 1000 drivers at a time.',
    followUpDue: 'Follow-up due',
    noApproved: 'No approved drivers found',
    history: 'Verification history',
    noHistory: 'No verifications yet.',
    /** One line of the verification history, by its kind. */
    historyKinds: {
      driverVerified: 'Driver verified',
      vehicleVerified: 'Vehicle verified',
      rejected: 'Rejected',
      vehicleRegistered: 'Vehicle registered',
      registrationChanged: 'Registration number changed: vehicle verification cleared',
      licenceChanged: 'Driving licence number changed: driver verification cleared',
      vehicleRemoved: 'Vehicle removed',
    },
    statuses: { pending: 'Pending', rejected: 'Rejected', approved: 'Verified' },
  },
  // ---- the super admin's notification bell (ours: the spec's badge is a fixed 6)
  notifications: {
    title: 'Notifications',
    none: 'Nothing is waiting for you.',
    pendingDrivers: (n: number) => (n === 1 ? '1 driver awaits verification' : `${n} drivers await verification`),
    pendingVehicles: (n: number) => (n === 1 ? '1 vehicle awaits verification' : `${n} vehicles await verification`),
    followUpsDue: (n: number) => (n === 1 ? '1 driver follow-up is due' : `${n} driver follow-ups are due`),
    newEmployers: (n: number) => (n === 1 ? '1 employer signed up in the last 7 days' : `${n} employers signed up in the last 7 days`),
  },
  // ---- the driver's vehicle and licence, from the mobile app (ours)
  vehicles: {
    saved: 'Your vehicle has been saved.',
    removed: 'Your vehicle has been removed.',
    makeRequired: 'Make is required.',
    makeMax: 'Make should not exceed 40 characters.',
    modelRequired: 'Model is required.',
    modelMax: 'Model should not exceed 40 characters.',
    yearInvalid: 'Year of manufacture must be a year from 1950 to next year.',
    colorRequired: 'Colour is required.',
    colorMax: 'Colour should not exceed 30 characters.',
    registrationInvalid: 'Enter a UK registration number, e.g. AB12 CDE.',
    licenceInvalid: 'Enter your 16-character UK driving licence number, e.g. MORGA753116SM9IJ.',
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
    /** Ours: an employer account stays listed in Admins until its company is set up (then it is in All Employers). */
    noCompanyYet: 'Company not set up yet',
  },
  // ---- session and layout
  session: {
    confirmLogout: 'Are you sure you want to log out?',
    unauthorized: 'Your session has ended. Please log in again.',
    /** Our addition: the message of the logout answer. */
    loggedOut: 'You have been logged out.',
  },
  notFound: {
    code: '404',
    text: 'Page not found',
    link: 'Dashboard',
  },
  /** Our addition: the shell's own texts around the remotes (landmarks, help, overrides, start-up). */
  shell: {
    home: 'Home',
    employerNav: 'Main',
    backOfficeNav: 'Back office',
    backOfficeTabs: 'Sections',
    helpContact: (email: string | undefined) =>
      `Questions about the scheme, your account or your company’s data? Contact your scheme administrator${email ? ` and mention the account ${email}` : ''}.`,
    portalVersion: 'Portal',
    /** Why a remote runs the version it does, by `VersionReason`. */
    versionReasons: { stable: 'stable', canary: 'canary', override: 'development override', fallback: 'fallback to stable' },
    runningBuild: (build: string) => `running ${build}`,
    overrideBanner: 'Development override',
    overrideRefused: (remote: string, entry: string) =>
      `Override of ${remote} to ${entry} refused: this portal does not accept development code from there.`,
    resetOverrides: 'Reset overrides',
    startFailed: 'The portal could not start.',
    startFailedHint: 'Please check your connection and',
    reloadPage: 'reload the page',
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
  common: {
    /** Our addition: the message of a successful read. */
    ok: 'OK',
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
    /** A NUL character in any text of a request: no field can hold one. */
    nulCharacter: 'Text cannot contain the NUL character.',
    /** The server is too busy to answer now (503 with Retry-After). */
    overloaded: 'The service is busy right now. Please try again in a few seconds.',
    featureUnavailable: (feature: string) => `${feature} is unavailable right now.`,
    retry: 'Retry',
    /** Ours: what a page holding unsaved edits asks before it is left. */
    unsavedTitle: 'Leave without saving?',
    stay: 'Stay',
    leaveWithoutSaving: 'Leave without saving',
  },
  /** Labels, headings and status words of section 2 of both documents. */
  labels: {
    // actions
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    ok: 'Ok',
    save: 'Save',
    edit: 'Edit',
    add: 'Add',
    back: 'Back',
    proceed: 'Proceed',
    verify: 'Verify',
    reject: 'Reject',
    approve: 'Approve',
    remove: 'Remove',
    import: 'Import',
    logout: 'Logout',
    logOut: 'Log Out',
    seeMore: 'See more',
    previous: 'Previous',
    next: 'Next',
    pageXofY: (page: number, pages: number) => `Page ${page} of ${pages}`,
    notAvailable: 'N/A',
    // header and navigation
    helpSupport: 'Help & Support',
    myProfile: 'My profile',
    users: 'Users',
    admins: 'Admins',
    employerNav: ['Dashboard', 'Company Settings', 'Employee Management', 'User Management'] as const,
    superAdminNav: ['Employers', 'All Users', 'Drivers'] as const,
    // sign-up
    policies: {
      terms: 'Terms and Conditions',
      privacy: 'Privacy and Cookies Policy',
      safety: 'Safety Tips for Your Journey',
    },
    carouselThemes: ['Parking', 'Employee personal benefits', 'A more sustainable environment'] as const,
    // setup and company
    addAnotherLocation: 'Add another location',
    companySettingsTabs: ['Company Details', 'Incentives'] as const,
    importCsv: 'Import CSV',
    copyShareLink: 'Copy and Share Link',
    copyShareLinkShort: 'Copy & Share Link',
    copyLink: 'Copy Link',
    manuallyAddEmployees: 'Manually Add Employees',
    addManually: 'Add Manually',
    addEmployeesLater: 'Add Employees Later',
    addEmployee: 'Add Employee',
    downloadTemplate: 'Download template',
    // employees
    employeeTabs: ['All Employees', 'Employee Participation', 'All Journey Groups', 'Pending Requests'] as const,
    approveSelected: 'Approve Selected',
    active: 'Active',
    deactivated: 'Deactivated',
    disabled: 'Disabled',
    qualified: 'Qualified',
    passenger: 'Passenger',
    driver: 'Driver',
    employee: 'Employee',
    employer: 'Employer',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    delete: 'Delete',
    deleteUser: 'Delete User',
    deactivateUser: 'Deactivate User',
    reasonForDeactivation: 'Reason for deactivation',
    // dashboard
    dashboardTiles: {
      participants: 'Total participants',
      journeyGroups: 'Journey Groups',
      distance: 'Total Distance Covered',
      co2: 'Carbon Emission Saved',
    },
    participationTitle: 'Employee Participation',
    participationNote: 'Positions are ranked by number of trips, not distance.',
    // super admin
    allEmployers: 'All Employers',
    allUsers: 'All Users',
    allDrivers: 'All Drivers',
    driverTabs: ['Approved Drivers', 'Pending Drivers'] as const,
    verifySelected: 'Verify Selected',
    verifyVehicle: 'Verify vehicle',
    vehicleVerified: 'Vehicle Verified',
    verifyDriver: 'Verify driver',
    driverVerified: 'Driver Verified',
    rejected: 'Rejected',
    verified: 'Verified',
    addUser: 'Add User',
    removeAdmin: 'Remove this admin',
    accountTypes: { SuperAdmin: 'Super Admin', Employer: 'Employer', Admin: 'Employer Admin' },
    employerFilter: ['All', 'Active', 'Deactivated'] as const,
    userFilter: ['All Users', 'Employees', 'Employers'] as const,
    deactivatedCanReactivate: 'Deactivated users can be reactivated and found through the filter.',
    // billing
    cancelSubscription: 'Cancel Subscription',
  },
  /** The product's name and strapline (the spec names none; operator names are left out on purpose). */
  product: {
    name: 'Commute Portal',
    tagline: 'Workplace lift sharing for your organisation',
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
  billing: {
    cancelConfirm: 'Are you sure you want to cancel your subscription? It stays active until the end of the paid period.',
    cancelled: 'Subscription cancelled. It stays active until the end of the paid period.',
    // api answers (ours)
    companyRequired: 'Choose a company to see its billing.',
    noSubscription: 'This company has no subscription yet.',
    alreadyCancelled: 'The subscription is already set to end at the end of the paid period.',
    subscriptionEnded: 'The subscription has already ended.',
    resumed: 'Subscription resumed. It renews at the end of the paid period.',
    notCancelled: 'The subscription has no pending cancellation to undo.',
    invoiceNotFound: 'Invoice not found.',
    /** The invoice PDF the api draws (billing.invoicePdf). */
    invoiceDocument: {
      title: 'Invoice',
      number: 'Invoice number',
      issued: 'Issue date',
      period: 'Period',
      periodRange: (from: string, to: string) => `${from} to ${to}`,
      paymentType: 'Payment type',
      status: 'Status',
      statuses: { paid: 'Paid', processing: 'Processing', failed: 'Payment failed', refunded: 'Refunded' },
      billTo: 'Bill to',
      description: 'Description',
      amount: 'Amount',
      item: (plan: string) => `${plan} plan subscription`,
      net: 'Net',
      vat: (rate: string) => `VAT at ${rate}`,
      total: 'Total',
      vatIncluded: (rate: string) => `The subscription fee includes VAT at ${rate}.`,
    },
    // The Payment and Billing screen of mfe-billing (ours around the spec's field names).
    title: 'Payment and Billing',
    /** The employer's profile menu entry that opens /payment. */
    menuEntry: 'Billing',
    infoTitle: 'Billing information',
    facts: {
      companyName: 'Company name',
      subscriptionStatus: 'Subscription status',
      plan: 'Plan',
      subscriptionFee: 'Subscription fee',
      paymentMethod: 'Payment method',
      expiryDate: 'Expiry date',
    },
    feePer: { month: 'per month', year: 'per year' },
    activeUntil: (date: string) => `Active until ${date}`,
    endsOn: (date: string) => `Your subscription ends on ${date}.`,
    serviceEndsOn: (date: string) => `The service ends on ${date}.`,
    keepSubscription: 'Keep Subscription',
    cancelling: 'Cancelling...',
    cancelFailed: 'The subscription could not be cancelled. Please try again.',
    resume: 'Resume Subscription',
    resuming: 'Resuming...',
    resumeFailed: 'The subscription could not be resumed. Please try again.',
    loading: 'Loading billing information…',
    loadFailed: 'Billing information could not be loaded.',
    historyTitle: 'Payment history',
    historyColumns: ['Invoice No', 'Payment Type', 'Date', 'Price', 'Status', 'Invoice PDF'] as const,
    historyLoading: 'Loading the payment history…',
    historyFailed: 'The payment history could not be loaded.',
    noPayments: 'No payments yet.',
    historyPages: 'Payment history pages',
    /** The PDF link's visible text; its accessible name (downloadInvoice) starts with it and names the invoice. */
    download: 'Download',
    downloadInvoice: (invoiceNo: string) => `Download invoice ${invoiceNo} (PDF)`,
  },
  // ---- insights: the dashboard, participation and journey groups tabs, exports (ours)
  insights: {
    companyRequired: 'Choose a company to see its insights.',
    monthInvalid: 'Choose a month from 1 to 12 and a year from 2000 to 2100.',
    emissionsSaved: 'Emission settings saved.',
    co2Formula: 'CO2 saved = passenger miles x kg CO2e per mile of an average car',
    /** Column headings of the participation ranking (screen and CSV export). */
    participationColumns: ['Position', 'Name', 'Department', 'No. of Trips', 'Total Miles Covered', 'Account Type', 'Incentive Status'] as const,
    /** Column headings of the journey groups list (screen and CSV export). */
    journeyGroupColumns: ['Name', 'Members', 'Trips', 'Miles', 'Meeting Points', 'CO2 Saved (kg)'] as const,
    inProgress: 'In progress',
    // The screens of mfe-insights: the dashboard and the two Employee Management tabs.
    loading: 'Loading the figures…',
    loadFailed: 'These figures could not be loaded.',
    downloadCsv: 'Download CSV',
    downloadFailed: 'The CSV file could not be downloaded.',
    noTripsThisMonth: 'No trips recorded this month',
    month: 'Month',
    year: 'Year',
    units: { miles: 'miles', kgCo2: 'kg CO2e' },
    tiles: {
      label: 'This month at a glance',
      month: (month: string) => `In ${month}`,
      activeGroups: (active: string, month: string) => `${active} with trips in ${month}`,
      seeEmployees: 'See Employee Management',
    },
    trend: {
      title: 'The last 12 months',
      metric: 'Show',
      metrics: { trips: 'Trips', distanceMiles: 'Miles', co2SavedKg: 'CO2 saved (kg)', activeParticipants: 'Participants' },
      chartLabel: (metric: string) => `${metric} per month over the last 12 months. The figures are in the table below the chart.`,
      chartFailed: 'The chart could not be drawn. The figures are in the table below.',
      showTable: 'Show the figures as a table',
      tableCaption: 'Trips, miles, CO2 saved and participants per month',
    },
    participationMonth: 'Participation month',
    allTimeNote: 'Trips and miles since the scheme began; the incentive status is this month’s.',
    noTripsYet: 'No trips recorded yet',
    participationPages: 'Participation pages',
    incentives: {
      month: 'Incentives month',
      trips: 'Qualified for the trips reward',
      miles: 'Qualified for the miles reward',
      participation: 'Participation rate',
      ofEmployees: (count: string) => `of ${count} active employees`,
      tripsThreshold: (trips: string) => `${trips} trips or more in the month`,
      milesThreshold: (miles: string) => `${miles} miles or more in the month`,
      noThreshold: 'No reward of this kind is set',
      seeRules: 'See the incentive rules',
    },
    feedback: {
      title: 'Employee Feedback',
      empty: 'No feedback yet',
      pages: 'Feedback pages',
      employeeNumber: 'Employee number',
      date: 'Date',
      goToEmployees: 'Go to Employee Management',
    },
    journeyGroupsTitle: 'All Journey Groups',
    journeyGroupsNote: 'Trips, miles and CO2 saved since each group began.',
    noJourneyGroups: 'No journey groups yet',
    journeyGroupPages: 'Journey group pages',
    co2: {
      open: 'How CO2 saved is calculated',
      title: 'CO2 saved',
      passengerMiles: 'Passenger miles',
      factor: 'Emission factor',
      saved: 'CO2 saved',
      calculation: (miles: string, factor: string, saved: string) => `${miles} passenger miles x ${factor} kg CO2e per mile = ${saved} kg CO2e`,
      factorsTitle: 'Factors in force',
      kinds: { direct: 'Direct (tailpipe)', wellToTank: 'Well-to-tank (fuel supply)' },
      included: 'Included',
      notIncluded: 'Not included',
      source: 'Source',
      scope: 'Scope',
      activity: 'Activity',
      perMile: (kg: string, unit: string) => `${kg} ${unit}`,
      wellToTank: 'Include well-to-tank emissions',
      wellToTankHint: 'Adds the fuel’s production and delivery emissions to every CO2 figure, in all months.',
      wellToTankReadOnly: 'Only the company’s employer and admins can change it.',
      settingFailed: 'The emission setting could not be saved.',
    },
    groups: {
      add: 'New journey group',
      addText: 'Employees find the group in the app and join it there.',
      name: 'Group name',
      meetingPoints: 'Meeting points',
      meetingPointsHint: 'Optional: one per line, up to 10.',
      create: 'Create group',
      rename: 'Rename',
      renameTitle: 'Rename journey group',
      renameGroup: (name: string) => `Rename ${name}`,
      deleteTitle: 'Delete journey group',
      deleteGroup: (name: string) => `Delete ${name}`,
      /** What the api does on delete: memberships go, the trips stay in every figure under no group. */
      deleteConfirm: (name: string, members: number, trips: number) =>
        [
          `Delete “${name}”?`,
          members === 0 && trips === 0 ? 'It has no members and no trips.' : '',
          members === 1 ? 'Its 1 member leaves the group and keeps their account.' : '',
          members > 1 ? `Its ${members} members leave the group and keep their accounts.` : '',
          trips > 0 ? `${trips === 1 ? 'Its 1 trip stays' : `Its ${trips.toLocaleString('en-GB')} trips stay`} in the company’s figures, no longer under a group.` : '',
          'This cannot be undone.',
        ]
          .filter(Boolean)
          .join(' '),
      saveFailed: 'The journey group could not be saved.',
      deleteFailed: 'The journey group could not be deleted.',
    },
  },
  // ---- trips recorded by the mobile app (ours)
  trips: {
    recorded: 'Trip recorded.',
    alreadyRecorded: 'This trip was already recorded.',
    keyReused: 'This trip id was already used for a different trip. Send a new trip id.',
    clientTripIdInvalid: 'Trip id is required and should not exceed 100 characters.',
    startedAtInvalid: 'Start time must be a date and time with its time zone (ISO 8601).',
    inFuture: 'A trip cannot start in the future.',
    tooOld: 'Trips more than 90 days old cannot be recorded.',
    distanceInvalid: 'Distance must be a number of miles above 0 and at most 500.',
    passengersRequired: 'Add at least one passenger.',
    passengersMax: 'A trip can have at most 8 passengers.',
    passengerDuplicate: 'Each passenger can be listed only once.',
    passengerIsDriver: 'The driver cannot be a passenger of their own trip.',
    passengerInvalid: 'Every passenger must be an active, approved employee of your company.',
    notApproved: 'Your account is awaiting approval by your employer.',
  },
  // ---- feedback from the mobile app (ours)
  feedback: {
    required: 'Feedback is required.',
    max: 'Feedback should not exceed 2000 characters.',
    sent: 'Thank you for your feedback.',
  },
  // ---- journey groups (ours)
  journeyGroups: {
    nameRequired: 'Group name is required.',
    nameMax: 'Group name should not exceed 60 characters.',
    nameTaken: 'Your company already has a journey group with this name.',
    meetingPointMax: 'A meeting point should not exceed 120 characters.',
    meetingPointsMax: 'A journey group can have at most 10 meeting points.',
    created: 'Journey group created.',
    updated: 'Journey group updated.',
    deleted: 'Journey group deleted.',
    joined: 'You joined the journey group.',
    left: 'You left the journey group.',
    notFound: 'Journey group not found.',
  },
  // ---- the screens of mfe-drivers around the spec's strings (ours)
  driverScreens: {
    tabsLabel: 'Driver lists',
    withCount: (label: string, count: number) => `${label} (${count})`,
    columns: {
      fullName: 'Full Name',
      email: 'Email',
      licence: 'Driving License No.',
      vehicle: 'Vehicle',
      color: 'Color',
      registration: 'Registration No.',
      status: 'Status',
      actions: 'Actions',
    },
    /** Names a row's action for assistive technology: "Reject: Ada Lovelace". */
    rowAction: (action: string, name: string) => `${action}: ${name}`,
    selectAll: 'Select all drivers on this page',
    selectDriver: (name: string) => `Select ${name}`,
    bothVerified: (name: string) => `${name}: driver and vehicle verified`,
    selectedCount: (n: number) => `${n} selected`,
    pending: {
      searchLabel: 'Search pending drivers',
      caption: 'Pending drivers',
      loading: 'Loading pending drivers',
      pages: 'Pending drivers pages',
    },
    approved: {
      searchLabel: 'Search approved drivers',
      caption: 'Approved drivers',
      loading: 'Loading approved drivers',
      loadFailed: 'Could not load approved drivers.',
      pages: 'Approved drivers pages',
      filterLabel: 'Follow-up',
      filterAll: 'All approved drivers',
      noneDue: 'No approved driver has a follow-up due',
    },
    searchPlaceholder: 'Name, email or licence',
    nextFollowUp: (date: string) => `Follow-up: ${date}`,
    bulkTitle: 'Verify selected drivers',
    bulkConfirm: (n: number) =>
      n === 1 ? 'Verify the 1 driver you selected? They will be told by email.' : `Verify the ${n} drivers you selected? Each of them will be told by email.`,
    rejectTitle: 'Reject driver',
    rejectConfirm: (name: string) => `Reject ${name}? The driver is told your notes by email and stays pending until verified again.`,
    verifyDriverTitle: 'Verify driver',
    verifyDriverText: (name: string) => `Verify the driving licence of ${name}.`,
    verifyVehicleTitle: 'Verify vehicle',
    verifyVehicleText: (registration: string, vehicle: string) => `Verify ${registration} (${vehicle}).`,
    followUpVerifyConfirm: (name: string) => `Verify ${name} and the vehicle again with these notes and follow-up dates?`,
    followUpRejectConfirm: (name: string) => `Reject ${name}? The driver is told the driver notes by email.`,
    notes: 'Notes',
    driverNotes: 'Driver notes',
    vehicleNotes: 'Vehicle notes',
    followUpDate: 'Follow-up date',
    driverFollowUp: 'Driver follow-up date',
    vehicleFollowUp: 'Vehicle follow-up date',
    picker: {
      hint: 'dd-MM-yyyy HH:mm, e.g. 05-03-2026 14:30; the arrow keys change the part at the cursor.',
      placeholder: 'dd-mm-yyyy hh:mm',
      invalid: 'Enter a real date and time as dd-MM-yyyy HH:mm.',
      calendar: 'Or choose it from the calendar',
    },
    details: {
      loadFailed: 'The details of this driver could not be loaded.',
      fullName: 'Full name',
      email: 'Email',
      employeeNumber: 'Employee number',
      company: 'Company',
      licence: 'Driving licence',
      vehicle: 'Vehicle',
      year: 'Year',
      color: 'Color',
      registration: 'Registration No.',
      status: 'Status',
      notes: 'Notes',
      followUpDate: 'Follow-up date',
      vehicleNotes: 'Vehicle notes',
      vehicleFollowUpDate: 'Vehicle follow-up date',
      driverSection: 'Driver',
      vehicleSection: 'Vehicle',
      historyBy: (when: string, name: string) => `${when} by ${name}`,
      historyFollowUp: (date: string) => `Follow-up ${date}`,
    },
    bell: {
      label: (n: number) => (n === 0 ? 'Notifications' : `Notifications, ${n} waiting`),
      loading: 'Loading notifications',
      loadFailed: 'Notifications could not be loaded.',
    },
  },
} as const;

/** Up to `shown` names, then how many more: "Ann Lee, Bob Ray, Cat Day and 2 more". */
export function namesInBrief(names: readonly string[], shown = 3): string {
  const head = names.slice(0, names.length > shown ? shown : names.length);
  const more = names.length - head.length;
  if (more > 0) return `${head.join(', ')} and ${more} more`;
  if (head.length <= 1) return head.join('');
  return `${head.slice(0, -1).join(', ')} and ${head.at(-1)}`;
}

/** A normalised error text for a failed call (document 2, section 8). */
export function normaliseErrorBody(body: unknown): string {
  const text = (e: unknown): string =>
    typeof e === 'string' ? e : e && typeof e === 'object' ? String((e as { message?: unknown }).message ?? '') : String(e ?? '');
  const joined = (list: unknown[]) => list.map(text).filter(Boolean).join(', ');
  if (Array.isArray(body)) return joined(body) || MESSAGES.common.unknownError;
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown; title?: unknown };
    if (Array.isArray(b.errors) && b.errors.length > 0 && !b.message) {
      const list = joined(b.errors);
      if (list) return list;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.title === 'string' && b.title) return b.title;
  }
  return MESSAGES.common.unknownError;
}
