import { CURRENCY_SYMBOL, POLICY_FACTS } from '@portal/shared-contracts/constants';
import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import type { ReactNode } from 'react';
import styles from './policy.module.css';

export type PolicyId = 'terms' | 'privacy' | 'safety';

const cap = `${CURRENCY_SYMBOL}${POLICY_FACTS.liabilityCapPounds.toLocaleString('en-GB')}`;

/** The static policy texts shown from the sign-up form (document 1 s.9, document 2 s.1). */
export const POLICIES: Record<PolicyId, { title: string; body: ReactNode }> = {
  terms: {
    title: LABEL_MESSAGES.labels.policies.terms,
    body: (
      <div className={styles.text}>
        <p>
          These terms govern your organisation’s use of the lift-sharing scheme and of this portal. By creating an employer
          account you accept them on behalf of your organisation.
        </p>
        <h3>Membership</h3>
        <ul>
          <li>
            Members must be employees of the licensed organisation and at least {POLICY_FACTS.minimumAge} years old.
          </li>
          <li>Your organisation is responsible for approving the employees who join and for removing those who leave.</li>
        </ul>
        <h3>Drivers and vehicles</h3>
        <ul>
          <li>
            Drivers must hold a full driving licence, and every vehicle used must be taxed, have a valid MOT where one is
            required, and be insured for the journeys offered.
          </li>
        </ul>
        <h3>Conduct</h3>
        <ul>
          <li>Members treat each other with courtesy and keep to agreed meeting points and times.</li>
          <li>Complaints about a member are investigated and lead to the suspension of that member while they are reviewed.</li>
        </ul>
        <h3>Liability</h3>
        <ul>
          <li>Our total liability to your organisation under these terms is capped at {cap}.</li>
          <li>
            If events beyond either party’s reasonable control (force majeure) prevent the service for more than{' '}
            {POLICY_FACTS.forceMajeureDays} days, either party may terminate the agreement.
          </li>
        </ul>
      </div>
    ),
  },
  privacy: {
    title: LABEL_MESSAGES.labels.policies.privacy,
    body: (
      <div className={styles.text}>
        <p>
          We process the personal data of administrators and members only to run the lift-sharing scheme: to match
          journeys, verify drivers and report participation to the employer.
        </p>
        <h3>What we keep and for how long</h3>
        <ul>
          <li>
            Member data is kept for {POLICY_FACTS.memberDataRetentionMonths} months after membership ends, then deleted.
          </li>
          <li>Other data, such as billing and account records, is kept for up to {POLICY_FACTS.otherDataRetentionYears} years.</li>
        </ul>
        <h3>Cookies</h3>
        <ul>
          <li>
            The portal uses one strictly necessary cookie to keep you signed in. It cannot be read by scripts on the page
            and ends when you log out. We use no advertising or tracking cookies.
          </li>
        </ul>
        <h3>Your rights</h3>
        <ul>
          <li>
            You can ask to see, correct or delete your personal data, or object to how it is used, by contacting your
            organisation’s administrator or our support team.
          </li>
        </ul>
      </div>
    ),
  },
  safety: {
    title: LABEL_MESSAGES.labels.policies.safety,
    body: (
      <div className={styles.text}>
        <p>A few habits keep every shared journey safe and pleasant.</p>
        <h3>Before you travel</h3>
        <ul>
          <li>Only share journeys with colleagues from your organisation who are members of the scheme.</li>
          <li>
            Drivers: carry a full driving licence and make sure your vehicle is taxed, has a valid MOT and is insured.
          </li>
          <li>Agree the meeting point and time in the app, and meet in a public, well-lit place.</li>
        </ul>
        <h3>On the way</h3>
        <ul>
          <li>
            Use the “I’ve Arrived” check-in in the app: it alerts a contact you choose that you have reached your
            destination safely.
          </li>
          <li>Everyone wears a seat belt; the driver never uses a phone while driving.</li>
        </ul>
        <h3>If something goes wrong</h3>
        <ul>
          <li>
            Report any problem through the app. Complaints are taken seriously and lead to the suspension of the member
            concerned while they are reviewed.
          </li>
        </ul>
      </div>
    ),
  },
};
