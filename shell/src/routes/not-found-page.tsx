import { Link } from 'react-router-dom';
import { SHELL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell';
import { ROUTES } from '@portal/shared-contracts/routes';
import { PAGE_TITLES } from '@portal/shared-contracts/page-titles';
import { useDocumentTitle } from './use-document-title';
import styles from './not-found-page.module.css';

/** The catch-all page (both documents): "404", "Page not found" and a Dashboard link to /. */
export function NotFoundPage() {
  useDocumentTitle(PAGE_TITLES.notFound);
  return (
    <main className={styles.page}>
      <p className={styles.code}>{MESSAGES.notFound.code}</p>
      <h1 className={styles.title}>{MESSAGES.notFound.text}</h1>
      <Link className={styles.link} to={ROUTES.login}>
        {MESSAGES.notFound.link}
      </Link>
    </main>
  );
}
