import PDFDocument from 'pdfkit';
import { MESSAGES } from '@portal/shared-contracts';
import { drawable, invoiceFont, type InvoiceFont } from '../../lib/pdf-text';
import { formatPence, formatRate, longDate } from './pricing';
import type { InvoiceDocument } from './service';

const T = MESSAGES.billing.invoiceDocument;

const MARGIN = 56;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const LABEL_WIDTH = 95;

/**
 * The invoice as an A4 PDF: who issues it, the company billed, number, dates, the period, how it is
 * paid, its status, and the amount split into net, VAT and total. Every text goes through `write`,
 * in DejaVu Sans (embedded, only the glyphs used), so any name in Latin, Greek or Cyrillic script
 * shows as written and a character the font lacks shows as a replacement mark (pdf-text.ts).
 */
export function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${T.title} ${invoice.number}`, Author: MESSAGES.product.name, CreationDate: invoice.issuedAt },
    // No standard font (Helvetica) is set up at all: every text is in the embedded font.
    font: '',
  });
  // pdfkit takes a parsed fontkit font where its types say file bytes (PDFFontFactory.open).
  for (const which of ['regular', 'bold'] as const) doc.registerFont(which, invoiceFont(which).font as unknown as Buffer);
  type TextOptions = PDFKit.Mixins.TextOptions;
  function write(which: InvoiceFont, text: string, options?: TextOptions): void;
  function write(which: InvoiceFont, text: string, x: number, y: number, options?: TextOptions): void;
  function write(which: InvoiceFont, text: string, a?: number | TextOptions, y?: number, options?: TextOptions): void {
    doc.font(which);
    if (typeof a === 'number') doc.text(drawable(text, which), a, y, options);
    else doc.text(drawable(text, which), a);
  }
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
  doc.fontSize(16).fillColor(INK);
  write('bold', MESSAGES.product.name, MARGIN, top);
  doc.fontSize(9).fillColor(MUTED);
  write('regular', MESSAGES.product.tagline);
  doc.fontSize(24).fillColor(INK);
  write('bold', T.title, MARGIN, top, right);
  doc.fontSize(11);
  write('regular', invoice.number, right);
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
    doc.fontSize(10).fillColor(MUTED);
    write('regular', label, MARGIN, y, { width: LABEL_WIDTH });
    doc.fillColor(INK);
    write('bold', value, MARGIN + LABEL_WIDTH, y, { width: factsWidth - LABEL_WIDTH });
    doc.moveDown(0.3);
  }
  const factsBottom = doc.y;

  const billTo = MARGIN + factsWidth + 20;
  const billWidth = width - factsWidth - 20;
  doc.fontSize(10).fillColor(MUTED);
  write('regular', T.billTo, billTo, factsTop, { width: billWidth });
  doc.fillColor(INK);
  write('bold', invoice.company.name, { width: billWidth });
  for (const line of [...invoice.company.address, invoice.company.email]) write('regular', line, { width: billWidth });
  doc.y = Math.max(doc.y, factsBottom) + 30;

  // One line: the period's subscription, VAT included.
  const rule = () => {
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor(RULE).lineWidth(1).stroke();
    doc.moveDown(0.5);
  };
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.fontSize(10).fillColor(INK);
    write(bold ? 'bold' : 'regular', label, MARGIN, y, { width: width - 120 });
    write(bold ? 'bold' : 'regular', amount, MARGIN + width - 120, y, { width: 120, align: 'right' });
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
  doc.fontSize(9).fillColor(MUTED);
  write('regular', T.vatIncluded(rate), MARGIN, doc.y, { width });

  doc.end();
  return done;
}
