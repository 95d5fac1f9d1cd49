/**
 * Insights (the dashboard, participation, journey groups, exports), trips and feedback from the
 * mobile app.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once, here.
 */
export const INSIGHTS_MESSAGES = {
  // ---- insights: the dashboard, participation and journey groups tabs, exports (ours)
  insights: {
    companyRequired: 'Choose a company to see its insights.',
    monthInvalid: 'Choose a month from 1 to 12 and a year from 2000 to 2100.',
    // ---- offices as a dimension (docs/decisions/0045-offices-as-a-dimension.md)
    officeInvalid: 'Choose one of the company\'s offices, or "No office".',
    officeNotFound: 'That office is not one of the company\'s offices. Choose another, or all offices.',
    office: 'Office',
    allOffices: 'All offices',
    noOffice: 'No office',
    /** Ours: an admin limited to some offices, no office chosen: the sum of theirs (decision 0051). */
    allMyOffices: 'All my offices',
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
    /** A download's button names the period its file holds, which is the table's beside it. */
    downloadCsvFor: (period: string) => `Download CSV (${period})`,
    period: 'Period',
    allTime: 'All time',
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
    /** Ours: the dashboard of a company without a trip yet says what to do next instead of a flat chart. */
    gettingStarted: {
      title: 'Getting started',
      intro: 'Your figures appear here as soon as your employees record their first shared journeys. Three things get the scheme going:',
      share: {
        title: 'Share the sign-up link',
        text: 'Send this link to your staff: whoever signs up through it appears in Pending Requests for you to approve.',
        linkLabel: 'Sign-up link',
      },
      import: {
        title: 'Import your employees',
        text: 'Or bring everyone in at once from a CSV file (or type them in): each person gets an invitation by mail.',
        action: 'Import employees',
      },
      app: {
        title: 'The mobile app does the rest',
        text: 'Approved employees use the mobile app to offer or join lifts, record each shared journey and leave feedback. Those trips make the miles, CO2 savings and rankings on this page.',
      },
    },
    participationMonth: 'Participation month',
    allTimeNote: 'Trips and miles since the scheme began; the incentive status is this month’s.',
    noTripsYet: 'No trips recorded yet',
    participationPages: 'Participation pages',
    /** The employer's review of flagged trips (the Employee Participation tab; ours). */
    tripReview: {
      title: 'Trips to review',
      intro: 'These trips are unusual. They count for incentives, the participation ranking and CO2 saved only once you confirm them; reject a trip that did not happen.',
      waiting: (count: string) => `${count} waiting`,
      empty: 'No trips are waiting for review.',
      pages: 'Trips to review pages',
      columns: { started: 'Started', driver: 'Driver', passengers: 'Passengers', miles: 'Miles', why: 'Why it was flagged', decision: 'Decision' },
      reasons: {
        dayDistance: (dayMiles: string, limitMiles: string) => `${dayMiles} miles driven that day, more than the ${limitMiles} a day usual for your company`,
        personOverlap: (names: string) => `${names} also on another trip at the same time`,
      },
      deletedDriver: 'Deleted account',
      confirm: 'Confirm',
      reject: 'Reject',
      confirmTrip: (driver: string, when: string) => `Confirm the trip of ${driver}, ${when}`,
      rejectTrip: (driver: string, when: string) => `Reject the trip of ${driver}, ${when}`,
      /** The trip a decision dialog is about. */
      tripInBrief: (driver: string, when: string, miles: string) => `The trip of ${driver}, ${when}, ${miles} miles.`,
      confirmTitle: 'Confirm this trip?',
      confirmText: 'It will count for incentives, the participation ranking and CO2 saved.',
      rejectTitle: 'Reject this trip?',
      rejectText: 'It will stay out of every figure. This cannot be undone.',
      confirmed: 'Trip confirmed. It now counts in every figure.',
      rejected: 'Trip rejected. It stays out of every figure.',
      alreadyReviewed: 'This trip has already been reviewed.',
      notFound: 'Trip not found.',
      decisionFailed: 'The decision could not be saved. Please try again.',
      readOnly: 'Only the company’s employer and admins can confirm or reject trips.',
    },
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
    journeyGroupsMonthNote: (month: string) => `Trips, miles and CO2 saved in ${month}.`,
    /** An office's journey groups (docs/decisions/0045): a group can span offices. */
    journeyGroupsOfficeNote: 'Groups with a member in this office, each with the whole group\'s figures.',
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
      /** In place of Rename and Delete for an office admin, on a group with a member outside their offices (decision 0053). */
      notManageable: 'Has members outside your offices: an admin of the whole company can change it.',
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
    // Who may record a trip as its driver: one message per reason (403).
    inactive: 'Your account is deactivated. Ask your employer to reactivate it.',
    noVehicle: 'Register your vehicle in the app before you record a trip as its driver.',
    driverRejected: 'Your driver verification was rejected. Update your licence or vehicle details in the app to have them checked again.',
    driverPending: 'Your driving licence is awaiting verification. You can record trips once it is verified.',
    vehiclePending: 'Your vehicle is awaiting verification. You can record trips once it is verified.',
    // Trips that cannot have happened (409) and too many at once (429).
    overlap: 'You already recorded a trip at this time: a trip cannot start before your previous one could have ended.',
    dayLimit: 'A driver can record at most 6 trips a day.',
    tooMany: 'Too many trips sent in a minute. Wait a moment, then send the rest.',
    /** Recorded, but unusual: it counts once the employer confirms it. */
    recordedForReview: 'Trip recorded. It is unusual, so it counts once your employer confirms it.',
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
    meetingPointEmpty: 'A meeting point cannot be empty.',
    meetingPointsMax: 'A journey group can have at most 10 meeting points.',
    created: 'Journey group created.',
    updated: 'Journey group updated.',
    deleted: 'Journey group deleted.',
    joined: 'You joined the journey group.',
    left: 'You left the journey group.',
    notFound: 'Journey group not found.',
    /** An office admin changing a group with a member of another office, or of none (decision 0053). */
    membersOutsideOffices:
      'This group has members outside the offices you manage, so you cannot change it. Ask an admin of the whole company.',
  },
} as const;
