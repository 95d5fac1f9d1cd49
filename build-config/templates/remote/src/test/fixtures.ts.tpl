import { sessionFixture } from '@portal/testing';

// Builders of contract-shaped answers for tests.

/** `GET employers/{id}` as the api answers an employer about its own company. */
export function companyAnswer(name: string) {
  return {
    success: true,
    message: 'ok',
    company: {
      id: sessionFixture.employerId,
      name,
      email: 'office@example.com',
      phoneNumber: '7700900123',
      countryCode: { alpha2Code: 'GB', name: 'United Kingdom', callingCode: '+44', flag: '🇬🇧' },
      isActive: true,
      signUpState: 3,
      locations: [],
      incentive: null,
      createdAt: '2026-01-05T10:00:00.000Z',
    },
  };
}
