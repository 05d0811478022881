import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import { displayDate } from '@mirante/shared';
import type { ReportDocument } from './report-document';

export interface ReportImages {
  map: Buffer | null;
  chips: { before: Buffer | null; after: Buffer | null }[];
}

const A4: [number, number] = [595, 842];
const LEFT = 40;
const RIGHT = 555;
const TOP = 800;
const BOTTOM = 50;
const ink = rgb(0.1, 0.1, 0.1);
const grey = rgb(0.4, 0.4, 0.4);
const count = new Intl.NumberFormat('pt-BR');
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** PDF's standard fonts (as pdf-lib draws them) speak WinAnsi: other characters are replaced. */
const winAnsi = (text: string) =>
  text.replace(/[^\u0020-\u00ff]/g, (c) => (c === '—' || c === '–' ? '-' : c === '→' ? '->' : '?'));

const hex = (color: string) => {
  const value = Number.parseInt(color.replace('#', ''), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
};

export const reportTitle = (document: Pick<ReportDocument, 'frequency'>) =>
  document.frequency === 'weekly' ? 'Relatório semanal' : 'Relatório mensal';

/**
 * The scheduled report (A4 portrait): the lots' statuses on the latest date (map and counts), the changes since
 * the baseline date, the invasions with their before/after images and, for a recipient who may see them, the
 * portfolio's totals.
 */
export async function scheduledReportPdf(
  document: ReportDocument,
  images: ReportImages,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${reportTitle(document)} - ${document.projectName}`));
  pdf.setLanguage('pt-BR');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  let y = TOP;
  const write = (text: string, x: number, size = 10, font: PDFFont = regular, colour = ink) =>
    page.drawText(winAnsi(text), { x, y, size, font, color: colour, maxWidth: RIGHT - x });
  const newPage = () => {
    page = pdf.addPage(A4);
    y = TOP;
  };
  const room = (height: number) => {
    if (y - height < BOTTOM) newPage();
  };
  const line = (height = 15) => {
    y -= height;
    room(0);
  };
  const heading = (text: string) => {
    room(60);
    write(text, LEFT, 13, bold);
    line(18);
  };
  const drawImage = (image: PDFImage, x: number, width: number, maxHeight: number) => {
    const scale = Math.min(width / image.width, maxHeight / image.height);
    const size = { width: image.width * scale, height: image.height * scale };
    page.drawImage(image, { x, y: y - size.height, ...size });
    return size.height;
  };
  const latest = document.latestDate ? displayDate(document.latestDate) : null;
  const baseline = document.baselineDate ? displayDate(document.baselineDate) : null;

  write(reportTitle(document), LEFT, 20, bold);
  line(26);
  write(document.projectName, LEFT, 14, bold);
  line(18);
  write(`Gerado em ${document.generatedOn}`, LEFT, 10, regular, grey);
  line(24);

  if (!latest) {
    write(
      'Ainda não há análises publicadas deste loteamento: o próximo relatório trará a situação dos lotes.',
      LEFT,
    );
    return pdf.save();
  }

  heading(`Situação dos lotes em ${latest}`);
  if (images.map) {
    const map = await pdf.embedPng(images.map);
    y -= drawImage(map, LEFT, RIGHT - LEFT, 330) + 10;
  }
  // The legend: each status with its colour and count.
  const columnWidth = (RIGHT - LEFT) / 3;
  document.counts.forEach((status, index) => {
    const x = LEFT + (index % 3) * columnWidth;
    if (index % 3 === 0 && index > 0) line(15);
    page.drawRectangle({ x, y: y - 2, width: 10, height: 10, color: hex(status.color) });
    write(`${status.name}: ${count.format(status.value)}`, x + 15, 10);
  });
  line(15);
  const total = document.counts.reduce((sum, status) => sum + status.value, 0);
  write(`Total: ${count.format(total)} lotes`, LEFT, 10, bold);
  line(26);

  heading(baseline ? `Mudanças desde ${baseline}` : 'Mudanças');
  if (!baseline) {
    write('Esta é a primeira análise publicada: não há data anterior para comparar.', LEFT);
    line(22);
  } else if (document.changedCount === 0) {
    write(`Nenhum lote mudou de situação entre ${baseline} e ${latest}.`, LEFT);
    line(22);
  } else {
    write(
      `${count.format(document.changedCount)} lote(s) mudaram de situação entre ${baseline} e ${latest}:`,
      LEFT,
    );
    line(16);
    for (const transition of document.transitions) {
      write(`${transition.from} -> ${transition.to}`, LEFT + 10);
      write(count.format(transition.count), 330, 10, bold);
      line(14);
    }
    line(6);
    write('Lote', LEFT + 10, 9, bold);
    write('Antes', 250, 9, bold);
    write('Depois', 400, 9, bold);
    line(13);
    for (const change of document.changes) {
      write(change.label, LEFT + 10, 9);
      write(change.from, 250, 9);
      write(change.to, 400, 9);
      line(12);
    }
    if (document.changedCount > document.changes.length) {
      write(
        `… e mais ${count.format(document.changedCount - document.changes.length)}: a lista completa está na planilha anexa.`,
        LEFT + 10,
        9,
        regular,
        grey,
      );
      line(12);
    }
    line(14);
  }

  heading('Invasões');
  if (document.invasionCount === 0) {
    write(`Nenhum lote com invasão em ${latest}.`, LEFT);
    line(22);
  } else {
    write(`${count.format(document.invasionCount)} lote(s) com invasão em ${latest}.`, LEFT);
    line(18);
    const half = (RIGHT - LEFT - 20) / 2;
    for (const [index, lot] of document.invasions.entries()) {
      room(200);
      write(lot.label, LEFT, 11, bold);
      line(14);
      write(`Antes (${baseline ?? '-'})`, LEFT, 9, regular, grey);
      write(`Depois (${latest})`, LEFT + half + 20, 9, regular, grey);
      line(6);
      let tallest = 0;
      const chip = images.chips[index];
      for (const [side, png] of [chip?.before ?? null, chip?.after ?? null].entries()) {
        const x = side === 0 ? LEFT : LEFT + half + 20;
        if (png) tallest = Math.max(tallest, drawImage(await pdf.embedPng(png), x, half, 170));
        else {
          page.drawText('Imagem indisponível.', { x, y: y - 14, size: 9, font: regular, color: grey });
          tallest = Math.max(tallest, 20);
        }
      }
      y -= tallest + 16;
    }
    if (document.invasionCount > document.invasions.length) {
      write('As demais invasões estão na planilha anexa.', LEFT, 9, regular, grey);
      line(20);
    }
  }

  if (document.finance) {
    heading('Financeiro');
    const totals = document.finance;
    const cards: [string, string][] = [
      ['Total de lotes', count.format(totals.totalLots)],
      ['Lotes vendidos/quitados', count.format(totals.soldLots)],
      ['Lotes com construções', count.format(totals.constructions)],
      ['Valor total de vendas', money.format(totals.salesValue)],
      ['Inadimplentes', count.format(totals.defaults)],
      ['Valor total inadimplente', money.format(totals.defaultValue)],
    ];
    for (const [label, value] of cards) {
      write(label, LEFT + 10);
      write(value, 300, 10, bold);
      line(15);
    }
    line(10);
  }
  room(30);
  write('A planilha de detecções com todos os lotes segue anexa a este e-mail.', LEFT, 9, regular, grey);
  return pdf.save();
}
