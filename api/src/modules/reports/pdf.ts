import PDFDocument from 'pdfkit';
import { MESSAGES } from '@portal/shared-contracts';
import { drawable, invoiceFont, type InvoiceFont } from '../../lib/pdf-text';
import { category7Items, monthCells, periodText, thousandths, type Category7Meta, type Category7Summary } from './report-text';

const R = MESSAGES.reports;
const MARGIN = 40;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

/**
 * The Category 7 report as an A4 landscape PDF: the facts (company, year, report id, the trips file's
 * checksum), the two headline figures apart, month by month with the factor set, then coverage,
 * exclusions and the method. Text goes through the embedded DejaVu Sans as the invoices' does, so a
 * company's name shows as written.
 */
export function category7Pdf(s: Category7Summary, meta: Category7Meta): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${R.title}, ${periodText(s)}`, Author: MESSAGES.product.name, CreationDate: meta.producedAt },
    font: '',
  });
  for (const which of ['regular', 'bold'] as const) doc.registerFont(which, invoiceFont(which).font as unknown as Buffer);
  const write = (which: InvoiceFont, text: string, x: number, y: number, options?: PDFKit.Mixins.TextOptions) => {
    doc.font(which);
    doc.text(drawable(text, which), x, y, options);
  };
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const roomFor = (h: number) => {
    if (doc.y + h > bottom) doc.addPage();
  };
  const heading = (text: string) => {
    roomFor(60);
    doc.moveDown(0.8);
    doc.fontSize(12).fillColor(INK);
    write('bold', text, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };
  const pair = (label: string, value: string, labelWidth = 260) => {
    doc.fontSize(9);
    const h = Math.max(doc.heightOfString(value, { width: width - labelWidth }), 12);
    roomFor(h + 4);
    const y = doc.y;
    doc.fillColor(MUTED);
    write('regular', label, MARGIN, y, { width: labelWidth - 10 });
    doc.fillColor(INK);
    write('bold', value, MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.y = y + h + 4;
  };

  doc.fontSize(18).fillColor(INK);
  write('bold', R.title, MARGIN, MARGIN, { width });
  doc.fontSize(10).fillColor(MUTED);
  write('regular', R.subtitle, MARGIN, doc.y, { width });
  doc.moveDown(0.8);
  const F = R.facts;
  pair(F.company, s.companyName, 140);
  pair(F.period, periodText(s), 140);
  pair(F.office, s.office.name, 140);
  pair(F.reportId, meta.id, 140);
  pair(F.produced, meta.producedAt.toISOString(), 140);
  pair(F.tripsFile, meta.tripsSha256, 140);

  // The two headline figures side by side, never combined.
  doc.moveDown(0.8);
  const y = doc.y;
  const half = (width - 20) / 2;
  for (const [i, [label, grams]] of ([
    [R.emitted, s.totals.emittedG],
    [R.avoided, s.totals.avoidedG],
  ] as const).entries()) {
    const x = MARGIN + i * (half + 20);
    doc.fontSize(9).fillColor(MUTED);
    write('regular', label, x, y, { width: half });
    doc.fontSize(20).fillColor(INK);
    write('bold', `${thousandths(grams)} ${R.unitKg}`, x, y + 14, { width: half });
  }
  doc.y = y + 44;

  heading(R.monthsHeading);
  // Month, trips, km, km, kg, kg, source, year, direct id, WTT id, kg/km.
  const cols = [48, 36, 62, 62, 70, 70, 150, 34, 86, 86, 58];
  const scale = width / cols.reduce((a, b) => a + b, 0);
  const widths = cols.map((c) => c * scale);
  const row = (cells: readonly string[], bold: boolean) => {
    doc.fontSize(6.5);
    const h = Math.max(...cells.map((c, i) => doc.font(bold ? 'bold' : 'regular').heightOfString(drawable(c, bold ? 'bold' : 'regular'), { width: widths[i]! - 4 })));
    roomFor(h + 6);
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc.fillColor(bold ? INK : MUTED);
      write(bold ? 'bold' : 'regular', c, x, top, { width: widths[i]! - 4, align: i >= 1 && i <= 5 ? 'right' : 'left' });
      x += widths[i]!;
    });
    doc.y = top + h + 3;
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor(RULE).lineWidth(0.5).stroke();
    doc.y += 3;
  };
  row(R.monthColumns, true);
  for (const m of s.months) row(monthCells(m), false);
  const t = s.totals;
  row([R.total, String(t.trips), thousandths(t.vehicleM), thousandths(t.passengerM), thousandths(t.emittedG), thousandths(t.avoidedG), '', '', '', '', ''], true);

  const items = category7Items(s);
  const I = R.items;
  const pick = (...labels: string[]) => items.filter(([l]) => labels.includes(l));
  heading(R.coverageHeading);
  for (const [l, v] of pick(I.tripsCounted, I.vehicleKm, I.passengerKm, I.emittedKg, I.avoidedKg, I.wellToTank, I.members, I.participants, I.headcount, I.coverage)) pair(l, v);
  heading(R.exclusionsHeading);
  for (const [l, v] of pick(I.flaggedTrips, I.flaggedKm, I.rejectedTrips, I.rejectedKm, I.erasedDrivers)) pair(l, v);
  heading(R.methodHeading);
  for (const [l, v] of pick(I.method, I.assumption)) pair(l, v, 110);

  doc.end();
  return done;
}
