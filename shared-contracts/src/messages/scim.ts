/**
 * SCIM 2.0 provisioning (docs/decisions/0039-scim-provisioning.md): the Provisioning (SCIM) section
 * of Company Settings, the token api's answers, and the `detail` of SCIM error answers. Ours: the
 * spec has no provisioning. Part of `MESSAGES` (messages.ts).
 */
export const SCIM_MESSAGES = {
  scim: {
    // ---- Company Settings, Provisioning (SCIM)
    heading: 'Provisioning (SCIM)',
    intro:
      'Let your identity provider (Microsoft Entra ID, Okta or any SCIM 2.0 client) add, update and deactivate your employees. Paste the base URL and a token into its provisioning settings.',
    baseUrl: 'SCIM base URL',
    copyBaseUrl: 'Copy base URL',
    tokensHeading: 'Tokens',
    tokenName: 'Token name',
    tokenNameHint: 'For example the provider it is for: "Entra ID".',
    create: 'Create token',
    creating: 'Creating...',
    created: 'Token created. Copy it now: it is not shown again.',
    newToken: 'New token',
    copyToken: 'Copy token',
    copied: 'Copied',
    done: 'Done',
    none: 'No tokens yet. Create one to connect your identity provider.',
    columnCreated: 'Created',
    columnLastUsed: 'Last used',
    neverUsed: 'Never',
    revoke: 'Revoke',
    revokeTitle: 'Revoke this token?',
    revokeBody: (name: string) => `“${name}” stops working at once. Your identity provider cannot provision with it any more.`,
    revoked: 'Token revoked.',
    loadFailed: 'Provisioning tokens could not be loaded. Please try again.',

    // ---- the token api
    nameRequired: 'Enter a name for the token.',
    nameTooLong: (max: number) => `Token names are at most ${max} characters.`,
    nameTaken: 'A token with this name exists already. Choose another name.',
    tooManyTokens: (max: number) => `A company may hold at most ${max} tokens. Revoke one you no longer use first.`,
    tokenNotFound: 'Token not found.',

    // ---- the audit log
    auditActor: (name: string) => `SCIM token “${name}”`,

    // ---- SCIM error details (RFC 7644, 3.12)
    unauthorized: 'The bearer token is missing, revoked or not valid.',
    tooManyAttempts: 'Too many requests with a token that is not valid. Try again later.',
    notFound: 'Resource not found.',
    userNotFound: (id: string) => `User ${id} not found.`,
    badJson: 'The request body is not valid JSON.',
    mediaType: 'Send the request body as application/scim+json or application/json.',
    bodyTooLarge: 'The request body is too large.',
    methodNotAllowed: 'This endpoint does not take that method.',
    userNameRequired: 'userName is required: the employee\'s work email address.',
    userNameInvalid: 'userName must be an email address.',
    userNameTaken: 'userName is already in use.',
    givenFamilyRequired: 'name.givenName and name.familyName are required.',
    valueTooLong: (attribute: string, max: number) => `${attribute} is longer than ${max} characters.`,
    invalidValue: (attribute: string) => `${attribute} is not valid.`,
    phoneInvalid: (country: string) => `phoneNumbers: the value is not a valid phone number for the company's country (${country}).`,
    activeInvalid: 'active must be true or false.',
    officeUnknown: (office: string) =>
      `addresses[type eq "work"].formatted: "${office}" is not one of the company's offices. Add the office in the portal, or send its name as the portal shows it ("1 Park Row, Leeds"), or an empty value for No office.`,
    officeAmbiguous: (office: string) =>
      `addresses[type eq "work"].formatted: "${office}" is the first line of more than one office. Send the full name, with the town ("1 Park Row, Leeds").`,
    schemasInvalid: 'schemas must name urn:ietf:params:scim:schemas:core:2.0:User.',
    patchInvalid: (detail: string) => `The PATCH request is not valid: ${detail}`,
    patchSchemas: 'schemas must be ["urn:ietf:params:scim:api:messages:2.0:PatchOp"] and Operations a list of 1 to 100 operations.',
    patchReadOnly: (attribute: string) => `${attribute} cannot be changed.`,
    filterTooLong: (max: number) => `The filter is longer than ${max} characters.`,
    filterInvalid: 'The filter is not valid SCIM filter syntax.',
    filterUnsupported: 'Supported filters: userName, externalId, id or emails.value with eq, active eq true|false, and these joined with and.',
    pagingInvalid: 'startIndex and count must be whole numbers.',
    sortUnsupported: 'Sorting is not supported.',
    queryTooLong: 'The query is too long.',
    internalError: 'The request could not be completed. Please try again.',
  },
} as const;
