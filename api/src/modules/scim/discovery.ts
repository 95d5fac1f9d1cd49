import { SCIM_LIMITS } from '@portal/shared-contracts';

// The service's self-description (RFC 7644, 4; RFC 7643, 5-7): what a provider reads before it
// provisions. Only what is implemented is announced.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export function serviceProviderConfig(base: string) {
  return {
    schemas: [CONFIG_SCHEMA],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_LIMITS.maxPageSize },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token created in Company Settings, Provisioning (SCIM), sent as Authorization: Bearer <token>.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function userResourceType(base: string) {
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'An employee of the company',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  };
}

type Attr = Record<string, unknown>;
const attr = (name: string, o: Partial<{ type: string; required: boolean; mutability: string; uniqueness: string; caseExact: boolean; multiValued: boolean; returned: string; description: string; subAttributes: Attr[] }> = {}): Attr => ({
  name,
  type: o.type ?? 'string',
  multiValued: o.multiValued ?? false,
  description: o.description ?? '',
  required: o.required ?? false,
  caseExact: o.caseExact ?? false,
  mutability: o.mutability ?? 'readWrite',
  returned: o.returned ?? 'default',
  uniqueness: o.uniqueness ?? 'none',
  ...(o.subAttributes ? { subAttributes: o.subAttributes } : {}),
});

const multi = (name: string, description: string) =>
  attr(name, {
    type: 'complex',
    multiValued: true,
    description,
    subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })],
  });

export function schemas(base: string) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'An employee; userName is the work email address',
      attributes: [
        attr('userName', { required: true, uniqueness: 'server', description: 'The work email address, unique case-insensitively' }),
        attr('name', {
          type: 'complex',
          subAttributes: [attr('givenName', { required: true }), attr('familyName'), attr('formatted', { mutability: 'readOnly' })],
        }),
        attr('displayName', { mutability: 'readOnly' }),
        attr('active', { type: 'boolean', description: 'false deactivates the employee and ends their sessions' }),
        multi('emails', 'The work address (the userName)'),
        multi('phoneNumbers', "One number, valid for the company's country"),
        attr('addresses', {
          type: 'complex',
          multiValued: true,
          description: "The work address's formatted value names the employee's office as the portal shows it (\"1 Park Row, Leeds\"); empty for No office",
          subAttributes: [attr('formatted'), attr('type'), attr('primary', { type: 'boolean' })],
        }),
        attr('externalId', { caseExact: true }),
      ],
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: ENTERPRISE_SCHEMA,
      name: 'EnterpriseUser',
      description: 'Enterprise User',
      attributes: [attr('employeeNumber', { uniqueness: 'server' }), attr('department')],
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${ENTERPRISE_SCHEMA}` },
    },
  ];
}

export const listOf = <T>(resources: T[], total: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
