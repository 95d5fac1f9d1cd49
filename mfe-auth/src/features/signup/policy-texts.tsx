import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import { Fragment, type ReactNode } from 'react';
import { POLICY_COPY, type PolicyCopy, type PolicyId } from '../../shared/policy-copy';
import styles from './policy.module.css';

export type { PolicyId };

function PolicyBody({ copy }: { copy: PolicyCopy }) {
  return (
    <div className={styles.text}>
      <p>{copy.intro}</p>
      {copy.sections.map((section) => (
        <Fragment key={section.heading}>
          <h3>{section.heading}</h3>
          <ul>
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Fragment>
      ))}
    </div>
  );
}

/** The static policy texts shown from the sign-up form (document 1 s.9, document 2 s.1). */
export const POLICIES: Record<PolicyId, { title: string; body: ReactNode }> = {
  terms: { title: LABEL_MESSAGES.labels.policies.terms, body: <PolicyBody copy={POLICY_COPY.terms} /> },
  privacy: { title: LABEL_MESSAGES.labels.policies.privacy, body: <PolicyBody copy={POLICY_COPY.privacy} /> },
  safety: { title: LABEL_MESSAGES.labels.policies.safety, body: <PolicyBody copy={POLICY_COPY.safety} /> },
};
