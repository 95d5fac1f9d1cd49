import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { BrandMark, Button } from '@portal/shared-ui/form';
import { LogoutQuestion } from './logout-question';
import styles from './layout.module.css';

/**
 * The setup steps' header (the spec's stand-alone pages): the product's mark and name, and Log out
 * behind the same question as the profile menu's. Nothing else: the employer area's navigation would
 * lead to pages a company without its setup cannot use yet.
 */
export function SetupLayout() {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.setupShell}>
      <header className={styles.setupHeader}>
        <div className={styles.setupHeaderInner}>
          <span className={styles.brand}>
            <BrandMark showName={false} label={MESSAGES.product.name} />
            <span className={styles.brandName}>{MESSAGES.product.name}</span>
            <span className={styles.setupTag}>{MESSAGES.shell.setupHeader}</span>
          </span>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {MESSAGES.labels.logOut}
          </Button>
        </div>
      </header>
      <div className={styles.setupContent}>
        <Outlet />
      </div>
      <LogoutQuestion open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}
