/** For tests: what a successful login answers an employer whose company is set up. */
export const employerLoginAnswer = {
  success: true as const,
  message: 'ok',
  token: 't',
  id: 'u-1',
  role: 'Employer' as const,
  signUpState: 3,
  userSignUpState: 3,
  email: 'ada@example.com',
  name: 'Ada',
  employerId: 'c-1',
  employerUserId: 'eu-1',
  offices: null,
};
