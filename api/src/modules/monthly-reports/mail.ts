import { MESSAGES } from '@portal/shared-contracts';
import type { MailMessage } from '../../mail/mailer';
import { composeMail, type MailLine } from '../../mail/templates';
import { participationPercent, summaryCsv, type MonthSummary, type SummaryLine } from './summary';

const monthName = (month: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}T00:00:00Z`));
const kg = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kg CO2e`;
const km = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 1 })} km`;

function figures(l: SummaryLine): MailLine[] {
  return [
    `Participation: ${l.participants} of ${l.activeEmployees} active employees (${participationPercent(l)}%)`,
    `Trips: ${l.trips.toLocaleString('en-GB')}, vehicle distance ${km(l.vehicleKm)}, passenger distance ${km(l.passengerKm)}`,
    `CO2 emitted by the trips: ${kg(l.emittedKg)}`,
    `CO2 avoided by passengers who would otherwise have driven alone: ${kg(l.avoidedKg)} (reported separately, never netted)`,
  ];
}

/** The monthly report: the month's figures (by office when the company has offices), its CSV attached, a one-click unsubscribe. */
export function monthlyReportMail(to: string, companyName: string, s: MonthSummary, links: { page: string; oneClick: string }): MailMessage {
  const month = monthName(s.month);
  const paragraphs: MailLine[][] = [
    [`Here is the commute scheme summary of ${companyName} for ${month}.`],
    [MESSAGES.monthlyReports.wholeCompany, ...figures(s.company)],
    ...s.offices.map((o) => [o.label, ...figures(o)]),
    ['The figures are attached as a CSV file. Sign in to the portal for the Scope 3 Category 7 report of the year.'],
    ['You get this mail because your company named you as a recipient of its monthly report.', ['To stop getting it, open ', { link: links.page }]],
  ];
  return {
    to,
    kind: 'monthly-report',
    link: links.page,
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    attachments: [{ filename: `commute-report-${s.month.slice(0, 7)}.csv`, contentType: 'text/csv; charset=utf-8', content: summaryCsv(s) }],
    ...composeMail(MESSAGES.monthlyReports.mailSubject(companyName, month), paragraphs),
  };
}
