import PDFDocument from 'pdfkit';
import { MESSAGES } from '@portal/shared-contracts';
import { formatPence, formatRate } from './pricing';
import type { InvoiceDocument } from './service';

const T = MESSAGES.billing.invoiceDocument;

/** Dates as a UK reader writes them, on the UK calendar: `1 March 2026`. */
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

const MARGIN = 56;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const LABEL_WIDTH = 95;

/**
 * The invoice as an A4 PDF (pdfkit, its built-in Helvetica, so no font files ship): who issues
 * it, the company billed, number, dates, the period, how it is paid, its status, and the amount
 * split into net, VAT and total.
 */
export function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${T.title} ${invoice.number}`, Author: MESSAGES.product.name, CreationDate: invoice.issuedAt },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = { width, align: 'right' as const };

  // Issuer on the left, the document's name and number on the right.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(MESSAGES.product.name, MARGIN, top);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(MESSAGES.product.tagline);
  doc.font('Helvetica-Bold').fontSize(24).fillColor(INK).text(T.title, MARGIN, top, right);
  doc.font('Helvetica').fontSize(11).text(invoice.number, right);
  doc.moveDown(2);

  const facts: [string, string][] = [
    [T.number, invoice.number],
    [T.issued, longDate.format(invoice.issuedAt)],
    [T.period, T.periodRange(longDate.format(invoice.periodStart), longDate.format(invoice.periodEnd))],
    [T.paymentType, invoice.paymentType],
    [T.status, T.statuses[invoice.status]],
  ];
  const factsWidth = Math.round(width * 0.6);
  const factsTop = doc.y;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: LABEL_WIDTH });
    doc.font('Helvetica-Bold').fillColor(INK).text(value, MARGIN + LABEL_WIDTH, y, { width: factsWidth - LABEL_WIDTH });
    doc.moveDown(0.3);
  }
  const factsBottom = doc.y;

  const billTo = MARGIN + factsWidth + 20;
  const billWidth = width - factsWidth - 20;
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(T.billTo, billTo, factsTop, { width: billWidth });
  doc.font('Helvetica-Bold').fillColor(INK).text(invoice.company.name, { width: billWidth });
  doc.font('Helvetica');
  for (const line of [...invoice.company.address, invoice.company.email]) doc.text(line, { width: billWidth });
  doc.y = Math.max(doc.y, factsBottom) + 30;

  // One line: the period's subscription, VAT included.
  const rule = () => {
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor(RULE).lineWidth(1).stroke();
    doc.moveDown(0.5);
  };
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor(INK).text(label, MARGIN, y, { width: width - 120 });
    doc.text(amount, MARGIN + width - 120, y, { width: 120, align: 'right' });
    doc.moveDown(0.5);
  };
  doc.fillColor(MUTED);
  row(T.description, T.amount, true);
  rule();
  row(`${T.item(invoice.plan)}, ${T.periodRange(longDate.format(invoice.periodStart), longDate.format(invoice.periodEnd))}`, formatPence(invoice.amountPence));
  rule();
  const rate = formatRate(invoice.vatRateBp);
  row(T.net, formatPence(invoice.amountPence - invoice.vatPence));
  row(T.vat(rate), formatPence(invoice.vatPence));
  row(T.total, formatPence(invoice.amountPence), true);
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(T.vatIncluded(rate), MARGIN, doc.y, { width });

  doc.end();
  return done;
}
