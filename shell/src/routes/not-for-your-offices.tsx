import { Link } from 'react-router-dom';
import { SHELL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell';
import { ROUTES } from '@portal/shared-contracts/routes';
import { useDocumentTitle } from './use-document-title';
import styles from './not-found-page.module.css';

/**
 * A page an admin limited to some offices may not use (a link to it; the menu hides it): said
 * plainly, instead of the page's refused loads (docs/decisions/0051-office-administrators.md).
 */
export function NotForYourOffices({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className={styles.state} aria-labelledby="not-for-your-offices">
      <h1 id="not-for-your-offices" className={styles.title}>
        {MESSAGES.shell.notForYourOfficesTitle}
      </h1>
      <p className={styles.text}>{MESSAGES.shell.notForYourOffices}</p>
      <Link className={styles.link} to={ROUTES.mainPage}>
        {MESSAGES.notFound.link}
      </Link>
    </section>
  );
}
