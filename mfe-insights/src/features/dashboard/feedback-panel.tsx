import { useState } from 'react';
import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { Card, LoadState, Skeleton } from '@portal/shared-ui/data-display';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { Feedback } from '@portal/shared-contracts';
import { useFeedbacks } from '../../api/get-feedbacks';
import { formatDate, initials, preview } from '../../shared/format';
import type { InsightScopeQuery } from '../../shared/insight-scope';
import { WIDGET_LOAD } from '../../shared/widget-load';
import { PagePager } from '../../shared/page-pager';
import sharedStyles from '../../shared/shared.module.css';
import styles from './dashboard.module.css';

const F = MESSAGES.insights.feedback;

/** Employees' feedback, newest first, 10 a page; a feedback opens in full in a modal. */
export function FeedbackPanel({ scope }: { scope: InsightScopeQuery }) {
  const [page, setPage] = useState(1);
  // The last feedback opened stays in the modal while it closes.
  const [selected, setSelected] = useState<Feedback | null>(null);
  const [open, setOpen] = useState(false);
  const feedbacks = useFeedbacks({ ...scope, pageNumber: page, pageSize: LIMITS.pageSize });
  return (
    <Card title={F.title} aria-label={F.title} className={styles.panel}>
      <LoadState query={feedbacks} {...WIDGET_LOAD} skeleton={<Skeleton lines={4} shape="row" />}>
        {(list) =>
          list.items.length === 0 ? (
            <p className={sharedStyles.empty}>{F.empty}</p>
          ) : (
            <>
              <ul className={`${sharedStyles.plainList} ${styles.feedbacks}`}>
                {list.items.map((f) => (
                  <li key={f.id}>
                    <button type="button" className={`${styles.interactive} ${styles.feedback}`} onClick={() => {
                        setSelected(f);
                        setOpen(true);
                      }}>
                      <span className={styles.initials} aria-hidden="true">
                        {initials(f.fullName)}
                      </span>
                      <span className={styles.feedbackBody}>
                        <span className={styles.feedbackHead}>
                          <span className={styles.feedbackName}>{f.fullName}</span>
                          <time dateTime={f.createdAt} className={sharedStyles.hint}>
                            {formatDate(f.createdAt)}
                          </time>
                        </span>
                        <span className={styles.feedbackText}>{preview(f.feedbackText)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {list.totalPages > 1 ? (
                <PagePager page={list} onPageChange={setPage} busy={feedbacks.isPlaceholderData} label={F.pages} className={styles.feedbackPager} />
              ) : null}
            </>
          )
        }
      </LoadState>
      <FeedbackModal feedback={selected} open={open} onOpenChange={setOpen} />
    </Card>
  );
}

function FeedbackModal({ feedback, open, onOpenChange }: { feedback: Feedback | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { navigate } = usePlatform();
  return (
    <Modal
      open={open && feedback !== null}
      onOpenChange={onOpenChange}
      title={feedback?.fullName ?? F.title}
      footer={
        <Button onClick={() => navigate(ROUTES.employeeManagement)}>
          {F.goToEmployees}
        </Button>
      }
    >
      {feedback ? (
        <div className={styles.feedbackFull}>
          <dl className={sharedStyles.facts}>
            <div>
              <dt>{F.employeeNumber}</dt>
              <dd>{feedback.employeeNumber}</dd>
            </div>
            <div>
              <dt>{F.date}</dt>
              <dd>
                <time dateTime={feedback.createdAt}>{formatDate(feedback.createdAt)}</time>
              </dd>
            </div>
          </dl>
          <p className={styles.fullText}>{feedback.feedbackText}</p>
        </div>
      ) : null}
    </Modal>
  );
}
