import { CURRENCY_SYMBOL, POLICY_FACTS } from '@portal/shared-contracts/constants';

/** One part of a policy: its heading and its points. */
export interface PolicySection {
  heading: string;
  items: readonly string[];
}

/** A policy's text: an opening paragraph, then its sections. */
export interface PolicyCopy {
  intro: string;
  sections: readonly PolicySection[];
}

export type PolicyId = 'terms' | 'privacy' | 'safety';

const cap = `${CURRENCY_SYMBOL}${POLICY_FACTS.liabilityCapPounds.toLocaleString('en-GB')}`;

/**
 * The static policy texts shown from the sign-up form (document 1 s.9, document 2 s.1): product copy
 * the spec does not word, with the figures of `POLICY_FACTS`.
 */
export const POLICY_COPY: Record<PolicyId, PolicyCopy> = {
  terms: {
    intro:
      'These terms govern your organisation’s use of the lift-sharing scheme and of this portal. By creating an employer account you accept them on behalf of your organisation.',
    sections: [
      {
        heading: 'Membership',
        items: [
          `Members must be employees of the licensed organisation and at least ${POLICY_FACTS.minimumAge} years old.`,
          'Your organisation is responsible for approving the employees who join and for removing those who leave.',
        ],
      },
      {
        heading: 'Drivers and vehicles',
        items: [
          'Drivers must hold a full driving licence, and every vehicle used must be taxed, have a valid MOT where one is required, and be insured for the journeys offered.',
        ],
      },
      {
        heading: 'Conduct',
        items: [
          'Members treat each other with courtesy and keep to agreed meeting points and times.',
          'Complaints about a member are investigated and lead to the suspension of that member while they are reviewed.',
        ],
      },
      {
        heading: 'Liability',
        items: [
          `Our total liability to your organisation under these terms is capped at ${cap}.`,
          `If events beyond either party’s reasonable control (force majeure) prevent the service for more than ${POLICY_FACTS.forceMajeureDays} days, either party may terminate the agreement.`,
        ],
      },
    ],
  },
  privacy: {
    intro:
      'We process the personal data of administrators and members only to run the lift-sharing scheme: to match journeys, verify drivers and report participation to the employer.',
    sections: [
      {
        heading: 'What we keep and for how long',
        items: [
          `Member data is kept for ${POLICY_FACTS.memberDataRetentionMonths} months after membership ends, then deleted.`,
          `Other data, such as billing and account records, is kept for up to ${POLICY_FACTS.otherDataRetentionYears} years.`,
        ],
      },
      {
        heading: 'Cookies',
        items: [
          'The portal uses one strictly necessary cookie to keep you signed in. It cannot be read by scripts on the page and ends when you log out. We use no advertising or tracking cookies.',
        ],
      },
      {
        heading: 'Your rights',
        items: [
          'You can ask to see, correct or delete your personal data, or object to how it is used, by contacting your organisation’s administrator or our support team.',
        ],
      },
    ],
  },
  safety: {
    intro: 'A few habits keep every shared journey safe and pleasant.',
    sections: [
      {
        heading: 'Before you travel',
        items: [
          'Only share journeys with colleagues from your organisation who are members of the scheme.',
          'Drivers: carry a full driving licence and make sure your vehicle is taxed, has a valid MOT and is insured.',
          'Agree the meeting point and time in the app, and meet in a public, well-lit place.',
        ],
      },
      {
        heading: 'On the way',
        items: [
          'Use the “I’ve Arrived” check-in in the app: it alerts a contact you choose that you have reached your destination safely.',
          'Everyone wears a seat belt; the driver never uses a phone while driving.',
        ],
      },
      {
        heading: 'If something goes wrong',
        items: [
          'Report any problem through the app. Complaints are taken seriously and lead to the suspension of the member concerned while they are reviewed.',
        ],
      },
    ],
  },
};
