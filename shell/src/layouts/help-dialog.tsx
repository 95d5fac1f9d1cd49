import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { support as supportEndpoints } from '@portal/shared-contracts/endpoints';
import { REMOTE_IDS } from '@portal/shared-contracts/remotes';
import { ROUTES } from '@portal/shared-contracts/routes';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { supportMessageBodySchema, type SupportMessageBody } from '@portal/shared-contracts/forms';
import type { SupportContact } from '@portal/shared-contracts/entities';
import type { VersionReason } from '@portal/shared-contracts/release';
import { Button, Spinner, TextField } from '@portal/shared-ui/form';
import { Textarea } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { loadedBuild } from '../remotes/remote-registry';
import styles from './layout.module.css';

const WHY: Record<VersionReason, string> = MESSAGES.shell.versionReasons;
const COPY = MESSAGES.support;

/** Where each common task's help leads, in the order of `MESSAGES.support.topics`. */
const TOPIC_ROUTES = [
  ROUTES.employeeManagement,
  ROUTES.employeeManagement,
  `${ROUTES.employeeManagement}?tab=pending-requests`,
  ROUTES.mainPage,
  ROUTES.payment,
] as const;

interface HelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * employer: the operator's contact, help for the common tasks and a message to support (a company's
   * administrators are the scheme administrators of their company: nobody else to send them to);
   * superAdmin: the versions in force (what support asks first) and the way to the contact they set.
   */
  variant: 'employer' | 'superAdmin';
}

/** Help & Support, from the profile menu of both areas (docs/decisions/0033-trial-and-consent.md). */
export function HelpDialog({ open, onOpenChange, variant }: HelpDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={MESSAGES.labels.helpSupport} size={variant === 'employer' ? 'lg' : 'md'}>
      {open ? variant === 'employer' ? <EmployerHelp close={() => onOpenChange(false)} /> : <SuperAdminHelp close={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function useSupportContact() {
  const { api } = usePlatform();
  const [state, setState] = useState<{ contact: SupportContact | null; failed: boolean }>({ contact: null, failed: false });
  useEffect(() => {
    let alive = true;
    api.call(supportEndpoints.contact).then(
      (contact) => alive && setState({ contact, failed: false }),
      () => alive && setState({ contact: null, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [api]);
  return state;
}

function ContactDetails() {
  const { contact, failed } = useSupportContact();
  if (failed) return <p className={styles.helpText}>{COPY.contactFailed}</p>;
  if (!contact) return <Spinner label={COPY.contactLoading} />;
  if (!contact.email && !contact.phone && !contact.hours) return <p className={styles.helpText}>{COPY.contactMissing}</p>;
  return (
    <dl className={styles.contact}>
      {contact.email ? (
        <div className={styles.contactRow}>
          <dt>{COPY.email}</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </div>
      ) : null}
      {contact.phone ? (
        <div className={styles.contactRow}>
          <dt>{COPY.phone}</dt>
          <dd>
            <a href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>{contact.phone}</a>
          </dd>
        </div>
      ) : null}
      {contact.hours ? (
        <div className={styles.contactRow}>
          <dt>{COPY.hours}</dt>
          <dd>{contact.hours}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function EmployerHelp({ close }: { close: () => void }) {
  const { navigate } = usePlatform();
  const ids = { contact: useId(), topics: useId(), form: useId() };
  const go = (to: string) => () => {
    close();
    navigate(to);
  };
  return (
    <div className={styles.help}>
      <section aria-labelledby={ids.contact} className={styles.helpSection}>
        <h3 id={ids.contact} className={styles.helpHeading}>
          {COPY.contactTitle}
        </h3>
        <p className={styles.helpText}>{COPY.contactIntro}</p>
        <ContactDetails />
      </section>
      <section aria-labelledby={ids.topics} className={styles.helpSection}>
        <h3 id={ids.topics} className={styles.helpHeading}>
          {COPY.topicsTitle}
        </h3>
        <ul className={styles.topics}>
          {COPY.topics.map((topic, i) => (
            <li key={topic.title} className={styles.topic}>
              <h4 className={styles.topicTitle}>{topic.title}</h4>
              <p className={styles.helpText}>{topic.text}</p>
              <Button variant="link" size="sm" onClick={go(TOPIC_ROUTES[i]!)}>
                {topic.link}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={ids.form} className={styles.helpSection}>
        <h3 id={ids.form} className={styles.helpHeading}>
          {COPY.formTitle}
        </h3>
        <SupportForm />
      </section>
    </div>
  );
}

/** A message to support: validated by the contract's schema here and again by the api, which names the sender. */
function SupportForm() {
  const { api, toast, session } = usePlatform();
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SupportMessageBody>({ resolver: zodResolver(supportMessageBodySchema), defaultValues: { subject: '', message: '' } });
  const onSubmit = handleSubmit(async (body) => {
    setSending(true);
    try {
      await api.call(supportEndpoints.message, { body });
      toast.success(COPY.sent);
      reset();
    } catch (err) {
      toast.error(serverMessage(err, COPY.sendFailed));
    } finally {
      setSending(false);
    }
  });
  return (
    <form className={styles.supportForm} onSubmit={onSubmit} noValidate>
      <p className={styles.helpText}>{COPY.formIntro(session?.email ?? '')}</p>
      <TextField label={COPY.subject} autoComplete="off" error={errors.subject?.message} {...register('subject')} />
      <Textarea label={COPY.message} rows={5} error={errors.message?.message} {...register('message')} />
      <div className={styles.supportActions}>
        <Button type="submit" loading={sending} loadingText={COPY.sending}>
          {COPY.send}
        </Button>
      </div>
    </form>
  );
}

/**
 * The exact versions in force, per remote the version chosen, why (stable, canary, override,
 * fallback) and, once it ran, the build its code says it is; and the way to the contact companies see.
 */
function SuperAdminHelp({ close }: { close: () => void }) {
  const { release, navigate } = usePlatform();
  const ids = { versions: useId(), contact: useId() };
  return (
    <div className={styles.help}>
      <section aria-labelledby={ids.versions} className={styles.helpSection}>
        <h3 id={ids.versions} className={styles.helpHeading}>
          {COPY.versionsTitle}
        </h3>
        <dl className={styles.versions}>
          <div className={styles.versionRow}>
            <dt>{MESSAGES.shell.portalVersion}</dt>
            <dd>{release.shellVersion}</dd>
          </div>
          {REMOTE_IDS.map((id) => {
            const r = release.remotes[id];
            if (!r) return null;
            const running = loadedBuild(id);
            return (
              <div key={id} className={styles.versionRow} data-remote={id} data-reason={r.reason}>
                <dt>{id}</dt>
                <dd>
                  {r.version} <span className={styles.versionWhy}>({WHY[r.reason]})</span>
                  {running && running !== r.version ? <span className={styles.versionWhy}> {MESSAGES.shell.runningBuild(running)}</span> : null}
                  {r.note ? <span className={styles.versionNote}>{r.note}</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
      <section aria-labelledby={ids.contact} className={styles.helpSection}>
        <h3 id={ids.contact} className={styles.helpHeading}>
          {COPY.contactTitle}
        </h3>
        <ContactDetails />
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            close();
            navigate(ROUTES.superAdminSettings);
          }}
        >
          {COPY.settingsLink}
        </Button>
      </section>
    </div>
  );
}
