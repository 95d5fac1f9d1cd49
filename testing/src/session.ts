import type { Session } from '@portal/shared-contracts';

/** The signed-in user of a test unless it says otherwise: the admin of an employer whose setup is complete. */
export const sessionFixture: Session & { employerId: string; employerUserId: string } = {
  userId: '00000000-0000-4000-8000-000000999002',
  role: 'Employer',
  name: 'Employer Admin',
  email: 'admin@example.com',
  employerId: '00000000-0000-4000-8000-000000999001',
  employerUserId: '00000000-0000-4000-8000-000000999003',
  signUpState: 3,
  companyDetails: null,
};
