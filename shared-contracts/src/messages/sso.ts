/**
 * Company single sign-on (OpenID Connect): the login page's company-account step, the Single sign-on
 * tab of Company Settings and the api's answers about both. Ours: the spec has no single sign-on.
 * Part of `MESSAGES` (messages/index.ts); the login page's step imports this module only once an address's
 * domain turns out to have single sign-on.
 */
export const SSO_MESSAGES = {
  sso: {
    // ---- login page
    continue: 'Continue with your company account',
    continueBusy: 'Redirecting...',
    /** Under the button when the company still allows passwords for its administrators. */
    orPassword: 'Or sign in with your password',
    passwordRefused: 'Your company signs in with its identity provider. Use “Continue with your company account”.',
    notSetUp: 'Single sign-on is not set up for this email address.',
    completing: 'Signing you in...',
    failed: 'Sign-in with your company account did not complete. Please try again.',
    expired: 'That sign-in link has expired or was already used. Please sign in again.',
    providerUnavailable: 'Your company’s identity provider could not be reached. Please try again later.',
    notAllowed: 'Your company account could not be used to sign in here. Please contact your administrator.',
    pending: 'Thanks! Your request to join your company’s scheme is waiting for your employer’s approval.',
    employeeApproved: 'You have joined your company’s scheme. Share lifts with your colleagues in the mobile app.',
    accountDisabled: 'This account has been deactivated. Please contact your administrator.',
    signedIn: 'Signed in with your company account.',

    // ---- Company Settings, Single sign-on tab
    tab: 'Single sign-on',
    intro:
      'Let your people sign in with your identity provider (Microsoft Entra ID, Okta, Google Workspace or any OpenID Connect provider). Employees whose email domain you have verified can join without a password.',
    providerHeading: 'Identity provider',
    issuer: 'Issuer URL',
    issuerHint: 'For example https://login.microsoftonline.com/<tenant id>/v2.0 or https://your-org.okta.com',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    clientSecretKept: 'A client secret is stored. Leave this empty to keep it.',
    passwordsAllowed: 'Administrators may still sign in with a password',
    autoApprove: 'Approve employees of verified domains at once (no join request)',
    officeClaim: 'Office claim (optional)',
    officeClaimHint:
      'The ID token claim that names the employee’s office as the portal shows it ("1 Park Row, Leeds"). Set at each sign-in when the token has it; leave empty to set offices in the portal.',
    redirectUri: 'Redirect URI to register with your provider',
    postLogoutUri: 'Sign-out redirect URI',
    save: 'Save provider',
    saving: 'Checking provider...',
    saved: 'Single sign-on settings saved.',
    remove: 'Turn off single sign-on',
    removeConfirm: 'Turn off single sign-on? Your people will sign in with passwords again.',
    removed: 'Single sign-on turned off.',
    domainsHeading: 'Email domains',
    domainsIntro:
      'A domain is used for sign-in only after you prove that you control it: add this TXT record to its DNS, then select Verify.',
    domain: 'Domain',
    domainPlaceholder: 'example.com',
    addDomain: 'Add domain',
    domainAdded: 'Domain added. Add its TXT record, then verify it.',
    verify: 'Verify',
    verifying: 'Checking DNS...',
    verified: 'Verified',
    unverified: 'Not verified',
    domainVerified: (domain: string) => `${domain} is verified.`,
    removeDomain: 'Remove',
    domainRemoved: 'Domain removed.',
    txtRecord: 'TXT record',
    noDomains: 'No domains yet.',
    notConfigured: 'Single sign-on is off.',
    loadFailed: 'Could not load the single sign-on settings.',

    // ---- api answers and field rules
    issuerRequired: 'Issuer URL is required.',
    issuerInvalid: 'Enter the issuer as an https:// URL without a query or fragment.',
    issuerMax: 'Issuer URL should not exceed 500 characters.',
    clientIdRequired: 'Client ID is required.',
    clientIdMax: 'Client ID should not exceed 255 characters.',
    clientSecretRequired: 'Client secret is required.',
    clientSecretMax: 'Client secret should not exceed 500 characters.',
    officeClaimMax: 'Office claim should not exceed 100 characters.',
    officeClaimInvalid: 'Enter the claim’s name without spaces, for example office or extension_physicalDeliveryOfficeName.',
    discoveryFailed: (issuer: string) =>
      `Could not read the provider’s discovery document at ${issuer}/.well-known/openid-configuration. Check the issuer URL and that the provider is reachable.`,
    discoveryMismatch: 'The discovery document names a different issuer. Enter the issuer exactly as the provider states it.',
    discoveryMultiTenant:
      'This address serves every Microsoft Entra directory, not yours alone. Enter your directory’s own issuer: https://login.microsoftonline.com/<tenant id>/v2.0, with the Tenant ID shown on the Overview page of Microsoft Entra ID.',
    noSecretsKey: 'Single sign-on cannot store a client secret until SECRETS_KEY is configured on the server.',
    passwordsNeedDomain: 'Verify at least one domain before turning passwords off.',
    domainRequired: 'Domain is required.',
    domainInvalid: 'Enter a domain such as example.com.',
    domainMax: 'Domain should not exceed 253 characters.',
    domainExists: 'This domain is already listed.',
    domainsMax: 'A company can list up to 20 domains.',
    domainNotFound: 'Domain not found.',
    domainTaken: 'This domain is already verified by another company.',
    txtMissing: (domain: string, record: string) =>
      `The TXT record ${record} was not found on ${domain}. DNS changes can take a while to appear; try again later.`,
    notConfiguredYet: 'Save your identity provider first.',
    clientInvalid: 'Client must be web or mobile.',
    redirectUriInvalid: 'This redirect URI is not one the portal allows for the mobile app.',
    codeChallengeInvalid: 'A code_challenge (43 to 128 characters, S256) is required for the mobile app.',
    codeRequired: 'Code is required.',
    /** A provider's back-channel logout whose token is not one of a provider set up here, or fails its checks. */
    logoutTokenInvalid: 'The logout token is not valid.',
  },
} as const;
