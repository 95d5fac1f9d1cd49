/**
 * Company setup and settings, the employers list, employees, their manual rows and join requests.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once, here.
 */
const DETAILS = 'Company details';
const INCENTIVES = 'Incentives';
/** "1 employee", "3 employees": a list's count and the Add Manually page's Submit. */
const employeesCount = (n: number) => `${n} employee${n === 1 ? '' : 's'}`;

export const COMPANY_MESSAGES = {
  // ---- setup and company
  setup: {
    saveFirst: 'Please save your details before proceeding.',
    addLocation: 'Please add a location before proceeding.',
    proceedFailed: 'Failed to save details. Please try again.',
    clickSave: 'Please click the save button below before proceeding',
    /** Ours: the account-completed page while it completes the setup on the server. */
    completing: 'Completing your setup',
    /** Ours: step 3's heading and the text of each of its tiles. */
    employeesTitle: 'Add your employees',
    employeesIntro: 'Choose how your employees will join the scheme.',
    importText: 'Upload a CSV file of your employees using our template.',
    shareText: 'Share a sign-up link; employees who join need your approval.',
    manualText: 'Type in your employees one row at a time.',
    laterText: 'Finish setup now and add employees from Employee Management.',
    /** Ours: the three steps' names, their progress and each step's heading and introduction. */
    steps: [DETAILS, INCENTIVES, 'Employees'] as const,
    progressLabel: 'Setup progress',
    stepOf: (step: number, steps: number) => `Step ${step} of ${steps}`,
    companyTitle: DETAILS,
    companyIntro: 'Tell us about your company and where your offices are.',
    incentivesTitle: INCENTIVES,
    incentivesIntro: 'Set the rewards that encourage your employees to share their commute.',
    /** Ours: the account-completed page. */
    completedTitle: 'Your account is set up',
    completedIntro: 'Where would you like to go next?',
    nextSteps: 'Next steps',
    /** What each tile leads to: the dashboard, Company Settings, Employee Management. */
    nextStepTexts: [
      'See participation, journey groups and savings.',
      'Change company details, locations and incentives.',
      'Add, approve and manage your employees.',
    ] as const,
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
    /** Ours: what a screen reader hears while the company or its incentives load. */
    loading: 'Loading company details',
    loadingIncentives: 'Loading incentives',
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
    /** Ours: Company Settings' tabs, its sections and the company form's fields. */
    settingsLabel: 'Company settings',
    detailsHeading: DETAILS,
    incentivesHeading: INCENTIVES,
    locationsHeading: 'Office locations',
    removeLocation: (position: number) => `Remove location ${position}`,
    editLocation: (position: number) => `Edit location ${position}`,
    fields: { name: 'Company name', email: 'Company email', countryCode: 'Country code', phoneNumber: 'Phone number' },
    incentiveFields: {
      generalRewardDescription: 'General reward description',
      numberOfMiles: 'Number of miles',
      numberOfMilesRewards: 'Rewards for miles',
      numberOfTrips: 'Number of trips',
      numberOfTripsRewards: 'Rewards for trips',
    },
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
    // The list's and the modal's texts around the spec's column names.
    columns: { name: 'Company Name', email: 'Company Email', contact: 'Company Contact' },
    searchLabel: 'Search employers',
    searchPlaceholder: 'Search by name, email or phone',
    filterLabel: 'Filter',
    caption: 'Employers',
    loading: 'Loading employers',
    pages: 'Employers pages',
    details: 'Details',
    seeMoreAbout: (name: string) => `See more about ${name}`,
    loadingOne: 'Loading employer',
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    confirmDeleteLabel: 'Confirm delete',
    deactivateLabel: 'Deactivate employer',
    /** The filter's fourth choice: employer accounts whose company is not set up yet. */
    awaitingSetup: 'Awaiting setup',
    awaitingIntro: 'Employer accounts whose company is not set up yet: they appear among the employers once setup step 1 is saved.',
    awaitingColumns: { name: 'Name', email: 'Email', since: 'Signed up' },
    awaitingCaption: 'Employer accounts awaiting setup',
    awaitingNone: 'No employer account is waiting to set up its company.',
    awaitingNoMatch: 'No employer account awaiting setup matches your search.',
    awaitingPages: 'Employer accounts awaiting setup pages',
    removeAccount: 'Remove account',
    removeAccountOf: (name: string) => `Remove the account of ${name}`,
    removeAccountTitle: 'Remove this account?',
    removeAccountText: (name: string, email: string) => `${name} (${email}) can no longer sign in, and the account is removed for good.`,
  },
  /** The office address fields, as every form and the employer modal label them. */
  locationFields: {
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2',
    town: 'Town',
    postalCode: 'Postal code',
  },
  // ---- employees
  employees: {
    officeChanged: 'Office saved.',
    officeSave: 'Save office',
    csvType: 'Invalid file type. Please upload a CSV file.',
    csvSize: 'File size exceeds 2MB.',
    csvSelect: 'Please select a file first.',
    csvSuccess: 'File uploaded successfully',
    csvFailed: (message: string) => `Error: ${message}`,
    usersExist: 'Error: User/s already exists.',
    usersExistServer: 'User/s already exists.',
    linkCopied: 'Link copied to clipboard!',
    copied: 'Copied!',
    /** Ours: what a screen reader hears while employees load. */
    loadingOne: 'Loading employee',
    loadingDetails: 'Loading employee details',
    loadingList: 'Loading employees',
    loadingPending: 'Loading pending requests',
    /** Ours: the header bell of join requests (pending employees). */
    bellTitle: 'Join requests',
    bellLabel: (pending: number) => `Join requests, ${pending} pending`,
    bellLoading: 'Loading join requests',
    bellViewAll: (pending: number) => `View all ${pending} requests`,
    bellOpenPending: 'Open Pending Requests',
    /** Ours: a join request's Reject and Verify buttons, named by whose request it is. */
    rejectOne: (name: string) => `Reject ${name}`,
    verifyOne: (name: string) => `Verify ${name}`,
    /** Ours: the pending requests' selection, for screen readers and its count. */
    selectAll: 'Select all',
    selectOne: (name: string) => `Select ${name}`,
    selectedCount: (n: number) => `${n} selected`,
    /** Ours: the Add Manually page's heading. */
    addManuallyTitle: 'Add Employees Manually',
    /** Ours: the Add Employee popup's text and the text of each of its options. */
    addIntro: 'Choose how to add your employees.',
    addImportText: 'Upload a CSV file of employees using our template.',
    addShareText: 'Employees sign up themselves; you approve each request.',
    addManualText: 'Type in employees one row at a time.',
    /** The share-link popup (its title is `labels.copyShareLinkShort`; spec: "Copy Link"). */
    shareLinkText: 'Employees who sign up with this link appear under Pending Requests until you approve them.',
    shareLinkLabel: 'Sign-up link',
    copyLink: 'Copy Link',
    /** Ours: the clipboard refused the copy. */
    linkCopyFailed: 'The link could not be copied. Select it and copy it yourself.',
    /** Ours: the link names the company, so there is none before it is set up. */
    shareLinkNoCompany: 'Set up your company first: the link names the company employees join.',
    /** Ours: a link per office (docs/decisions/0045-offices-as-a-dimension.md). */
    officeLinksTitle: 'Links by office',
    officeLinksText: "Employees who sign up with an office's link join that office.",
    officeLinksLoading: 'Loading offices',
    /** An admin limited to some offices gets only their offices' links (decision 0053): the company's lands in No office. */
    myOfficeLinksText: "Employees who sign up with one of your offices' links join that office and appear under Pending Requests until you approve them.",
    myOfficeLinksNone: 'None of the offices you manage is left in the company. Ask an admin of the whole company for a sign-up link.',
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
    /** Ours: a search among pending requests that matches none of them (there are some). */
    noPendingMatch: (search: string) => `No pending requests match “${search}”.`,
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
    /** Ours: the optional `office` column names no office of the company (the cell is not echoed). */
    csvOfficeUnknown: 'No office of your company has this name. Write it as Company Details shows it ("1 Park Row, Leeds") or as its first address line, or leave it empty for No office.',
    csvOfficeAmbiguous: 'More than one office has this first address line. Add the town, as Company Details shows it ("1 Park Row, Leeds").',
    /** Ours: the hourly allowance of addresses a company may add (manual list and CSV together). */
    tooManyAddresses: (limit: number, minutes: number) =>
      `Your company can add up to ${limit.toLocaleString('en-GB')} employees an hour, and this would go over it. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}, or add fewer employees at a time.`,
    notPending: 'This employee has no pending join request.',
  },
  /** Ours: Employee Management's lists, pages and employee modal around the spec's labels. */
  employeeScreens: {
    columns: { name: 'Name', email: 'Email', employeeId: 'Employee ID', status: 'Status', actions: 'Actions' },
    filterAll: 'All',
    filterLegend: 'Show',
    searchLabel: 'Search employees',
    searchPlaceholder: 'Search by name, email or employee ID',
    caption: 'Employees',
    noMatch: 'No employees match your search.',
    none: 'No employees yet.',
    pages: 'Employee pages',
    count: employeesCount,
    detailsOf: (status: string, name: string) => `${status}: details of ${name}`,
    pendingCount: (n: number) => `${n} pending`,
    pendingSearchLabel: 'Search pending requests',
    pendingCaption: 'Pending join requests',
    pendingPages: 'Pending requests pages',
    detailsTitle: 'Employee details',
    deactivateHint: 'A deactivated employee loses access at once and can be reactivated later.',
    deleteTitle: 'Delete employee',
    deleteText: (name: string) => `Delete ${name}? This cannot be undone and they lose access at once.`,
    /** The Add Manually page. */
    addIntro: 'Each employee receives an invitation email to set a password.',
    backToList: 'Back to Employee Management',
    rowsCaption: 'Employees to add',
    manualColumns: {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      employeeNumber: 'Employee Number',
      department: 'Department (optional)',
    },
    cellLabel: (column: string, row: number) => `${column}, row ${row}`,
    removeRow: (row: number) => `Remove row ${row}`,
    addRow: 'Add row',
    submitting: 'Submitting...',
    submit: (n: number) => `Submit ${employeesCount(n)}`,
  },
  /** The super admin's employee modal (document 2: its read-only fields). */
  employeeUser: {
    title: 'Employee',
    employeeNumber: (value: string) => `Employee No. ${value}`,
    vehicleMake: 'Vehicle Make',
    model: 'Model',
    year: 'Year',
    registrationNumber: 'Registration No.',
    licenceNumber: 'Driver License No.',
    postalCode: 'Postal Code',
  },
  /** Ours: the Import CSV dialog around the spec's messages (setup step 3 and employee management). */
  csvImport: {
    description: 'Add many employees at once from a CSV file.',
    templateBefore: 'Download the',
    templateLink: 'CSV template (employees.csv)',
    templateAfter: ', fill in one employee per row, then choose the file. At most 2 MB.',
    /** Ours: the optional office column, which the template leaves out. */
    officeHint: 'To put people in offices, add an office column naming each one as Company Details does ("1 Park Row, Leeds") or by its first address line; an empty cell is No office.',
    fileLabel: 'CSV file',
    progress: 'Upload progress',
    importing: 'Importing...',
    /** The whole report, above its table: one line for every problem of the file. */
    reportTitle: (n: number) => `${n === 1 ? '1 problem' : `${n.toLocaleString('en-GB')} problems`} found. Nothing was imported.`,
    reportRegion: 'Import problems',
    columns: { line: 'Line', field: 'Field', problem: 'Problem' },
    /** What the report's Field column says for each field the api names. */
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      employeeNumber: 'Employee number',
      department: 'Department',
      office: 'Office',
      row: 'Whole line',
      header: 'Header line',
      file: 'File',
    } as Record<string, string>,
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
} as const;

/** Up to `shown` names, then how many more: "Ann Lee, Bob Ray, Cat Day and 2 more". */
export function namesInBrief(names: readonly string[], shown = 3): string {
  const head = names.slice(0, names.length > shown ? shown : names.length);
  const more = names.length - head.length;
  if (more > 0) return `${head.join(', ')} and ${more} more`;
  if (head.length <= 1) return head.join('');
  return `${head.slice(0, -1).join(', ')} and ${head.at(-1)}`;
}
