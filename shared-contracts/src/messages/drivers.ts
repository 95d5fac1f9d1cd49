/**
 * Drivers and their vehicles (document 2), the super admin's notification bell and mfe-drivers' screens.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once, here.
 */
export const DRIVER_MESSAGES = {
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
    /** The follow-up window (FOLLOW_UP_HORIZON_YEARS, forms/dates.ts). */
    followUpOutOfRange: 'Choose a follow-up date from today up to two years ahead.',
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
    /** Verify Selected asks what it covers: each row has a driving licence and a vehicle to verify. */
    bulkCovers: 'What to verify',
    bulkCoverBoth: (licences: number, vehicles: number) => `Driving licences and vehicles (${plural(licences, 'licence')}, ${plural(vehicles, 'vehicle')})`,
    bulkCoverLicences: (licences: number) => `Driving licences only (${plural(licences, 'licence')})`,
    bulkCoverVehicles: (vehicles: number) => `Vehicles only (${plural(vehicles, 'vehicle')})`,
    /** What the chosen cover leaves as it is, said under the choice. */
    bulkLeaves: { both: '', licences: 'Their vehicles stay pending.', vehicles: 'Their driving licences stay pending.' } as Record<'both' | 'licences' | 'vehicles', string>,
    /** The list's heading counts what it shows: the pending drivers, and those verified here that stay in sight until the page changes. */
    verifiedHere: (n: number) => (n === 1 ? '1 driver verified here leaves the list when you change page.' : `${n} drivers verified here leave the list when you change page.`),
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
      calendar: 'Choose from the calendar',
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
    /** Other drivers holding the same licence number (the driver's details and follow-up screens). */
    sameLicence: {
      title: (n: number) => (n === 1 ? 'Another driver holds this driving licence' : `${n} other drivers hold this driving licence`),
      intro: 'A driving licence belongs to one person. Check who each of these drivers is before you verify.',
      more: (n: number) => `and ${n} more, not listed here`,
      /** One driver of the list: their company and where they stand. */
      where: (company: string, status: string) => `${company}, ${status}`,
    },
    bell: {
      label: (n: number) => (n === 0 ? 'Notifications' : `Notifications, ${n} waiting`),
      loading: 'Loading notifications',
      loadFailed: 'Notifications could not be loaded.',
    },
  },
} as const;

/** "1 licence", "3 vehicles". */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
