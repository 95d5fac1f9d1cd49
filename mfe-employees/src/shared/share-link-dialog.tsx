import { useEffect, useRef, useState } from 'react';
import { Button, TextField } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { employeeShareLink, MESSAGES, TIMINGS, usePlatform, type DialogWidgetProps } from '@portal/shared-contracts';
import styles from './share-link-dialog.module.css';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Falls through: some browsers refuse the async clipboard on plain http.
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The employee sign-up link of the signed-in company, with Copy Link (`onDone` once it is copied). */
export function ShareLinkDialog({ open, onOpenChange, onDone }: DialogWidgetProps) {
  const { origin, session, toast } = usePlatform();
  const companyId = session?.employerId ?? null;
  const link = companyId ? employeeShareLink(origin, companyId) : '';
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), TIMINGS.copiedMs);
    return () => clearTimeout(t);
  }, [copied]);

  async function onCopy() {
    if (await copyText(link, inputRef.current)) {
      toast.success(MESSAGES.employees.linkCopied);
      setCopied(true);
      onDone?.();
    } else {
      inputRef.current?.select();
      toast.error('The link could not be copied. Select it and copy it yourself.');
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Copy & Share Link"
      description="Employees who sign up with this link appear under Pending Requests until you approve them."
    >
      {companyId ? (
        <div className={styles.row}>
          <TextField
            ref={inputRef}
            label="Sign-up link"
            hideLabel
            readOnly
            value={link}
            onFocus={(ev) => ev.currentTarget.select()}
            containerClassName={styles.field}
          />
          <Button onClick={() => void onCopy()} className={styles.copy} aria-live="polite">
            {copied ? MESSAGES.employees.copied : 'Copy Link'}
          </Button>
        </div>
      ) : (
        <p className={styles.missing}>Set up your company first: the link names the company employees join.</p>
      )}
    </Modal>
  );
}
