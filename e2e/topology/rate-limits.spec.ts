import { CSRF_HEADER, MESSAGES } from '@portal/shared-contracts';
import { uniqueEmail } from '../support/portal';
import { expect, test } from '../support/test';
import { answeredBy } from '../support/topology';

// The api's default: 10 failed logins for one account from one address, then 429 (RATE_LIMIT_MULTIPLIER unset).
const LIMIT = 10;

test('failed logins spread over both instances count against one limit', async ({ request }) => {
  const email = uniqueEmail('topology-limit');
  const byInstance = [0, 0];
  for (let n = 0; n < LIMIT; n++) {
    const res = await request.post('/api/accounts/login', { data: { email, password: `Wrong-${n}-Password` }, headers: { [CSRF_HEADER]: '1' } });
    expect(res.status(), `attempt ${n + 1}`).toBe(400);
    byInstance[answeredBy(res)!]! += 1;
  }
  // Each instance alone saw fewer than the limit: only a count they share can stop the next attempt.
  expect(byInstance[0], `attempts per instance: ${byInstance.join(', ')}`).toBeGreaterThan(0);
  expect(byInstance[1], `attempts per instance: ${byInstance.join(', ')}`).toBeGreaterThan(0);

  // Every further attempt is refused, by whichever instance answers it: both of them.
  const refusedBy = new Set<number | null>();
  for (let n = 0; n < 4 && refusedBy.size < 2; n++) {
    const refused = await request.post('/api/accounts/login', { data: { email, password: 'Wrong-again-Password' }, headers: { [CSRF_HEADER]: '1' } });
    expect(refused.status()).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.common.tooManyRequests);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    refusedBy.add(answeredBy(refused));
  }
  expect([...refusedBy].sort()).toEqual([0, 1]);
});
