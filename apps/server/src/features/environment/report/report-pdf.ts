import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import type { EnvironmentAnalysis, EnvironmentFeature } from '@mirante/shared';

export interface ReportInput {
  projectName: string;
  analysis: EnvironmentAnalysis;
  /** The analysis's approved detections, numbered in this order on the images and the map. */
  features: EnvironmentFeature[];
  /** PNGs: the scenes with the detections drawn (null when a scene could not be read) and the map. */
  images: { before: Buffer | null; after: Buffer | null; map: Buffer };
  /** DD/MM/YYYY */
  generatedOn: string;
}

const m2 = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const ha = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent' });

/** PDF's standard fonts (as pdf-lib draws them) speak WinAnsi: characters outside it become '?'. */
const winAnsi = (text: string) =>
  text.replace(/[^\u0020-\u00ff]/g, (c) =>
    c === '—' || c === '–' || c === '−' ? '-' : c === '→' ? '->' : '?',
  );

const A4: [number, number] = [595, 842];
const LEFT = 40;
const RIGHT = 555;
const grey = rgb(0.35, 0.35, 0.35);

/** Totals per category (m²), in the order the categories first appear. */
export function totalsByCategory(features: EnvironmentFeature[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const feature of features) {
    totals.set(feature.category_name, (totals.get(feature.category_name) ?? 0) + feature.area);
  }
  return totals;
}

/**
 * 'Relatório de Análise' of one environment analysis (A4 portrait): project, the scenes' dates, who approved,
 * the totals per category in m² and ha, the before and after scenes with the detections drawn (numbered), a
 * map, and the table of approved detections (category, area in m² and ha, confidence, who approved).
 */
export async function environmentReportPdf(input: ReportInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`Relatório de Análise - ${input.projectName}`));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  let y = 790;
  const write = (text: string, x: number, size = 10, font: PDFFont = regular, colour = rgb(0.1, 0.1, 0.1)) =>
    page.drawText(winAnsi(text), { x, y, size, font, color: colour, maxWidth: RIGHT - x });
  const room = (height: number) => {
    if (y - height >= 50) return;
    page = pdf.addPage(A4);
    y = 790;
  };
  const line = (height = 16) => {
    y -= height;
    room(0);
  };
  const drawImage = (image: PDFImage, x: number, width: number, maxHeight: number) => {
    const scale = Math.min(width / image.width, maxHeight / image.height);
    const size = { width: image.width * scale, height: image.height * scale };
    page.drawImage(image, { x, y: y - size.height, ...size });
    return size.height;
  };

  const { analysis, features } = input;
  const approvers = [...new Set(features.map((f) => f.reviewed_by).filter((n): n is string => !!n))];
  write('Relatório de Análise', LEFT, 20, bold);
  line(28);
  write(input.projectName, LEFT, 13, bold);
  line();
  write(`Imagem anterior: ${analysis.beforeDate}    Imagem posterior: ${analysis.afterDate}`, LEFT);
  line();
  write(`Situação: ${analysis.analysisApprovalStatus}    Gerado em ${input.generatedOn}`, LEFT);
  line();
  write(`Aprovado por: ${approvers.length > 0 ? approvers.join(', ') : '-'}`, LEFT);
  line(26);

  // The totals first: the summary a reader looks for stays on the first page, however long the table.
  write('Totais por categoria', LEFT, 13, bold);
  line();
  ['Categoria', 'Área (m²)', 'Área (ha)'].forEach((title, i) =>
    write(title, [LEFT, 200, 320][i] as number, 9, bold),
  );
  line();
  let sum = 0;
  for (const [category, total] of totalsByCategory(features)) {
    sum += total;
    write(category, LEFT);
    write(`${m2.format(total)} m²`, 200);
    write(`${ha.format(total / 10_000)} ha`, 320);
    line();
  }
  write('Total', LEFT, 10, bold);
  write(`${m2.format(sum)} m²`, 200, 10, bold);
  write(`${ha.format(sum / 10_000)} ha`, 320, 10, bold);
  line(28);

  const half = (RIGHT - LEFT - 15) / 2;
  const scenes = [
    { title: `Antes (${analysis.beforeDate})`, png: input.images.before, x: LEFT },
    { title: `Depois (${analysis.afterDate})`, png: input.images.after, x: LEFT + half + 15 },
  ];
  room(200);
  write(scenes[0]?.title ?? '', LEFT, 11, bold);
  write(scenes[1]?.title ?? '', LEFT + half + 15, 11, bold);
  line(8);
  let tallest = 0;
  for (const scene of scenes) {
    if (scene.png) {
      tallest = Math.max(tallest, drawImage(await pdf.embedPng(scene.png), scene.x, half, 230));
    } else {
      page.drawText('Imagem indisponível.', { x: scene.x, y: y - 14, size: 10, font: regular, color: grey });
      tallest = Math.max(tallest, 20);
    }
  }
  y -= tallest + 24;
  room(240);
  write('Mapa das detecções', LEFT, 11, bold);
  line(8);
  y -= drawImage(await pdf.embedPng(input.images.map), LEFT, RIGHT - LEFT, 220) + 24;

  const columns = [LEFT, 65, 165, 260, 320, 385, 460];
  const tableHeader = () => {
    ['Nº', 'Categoria', 'Área (m²)', 'Área (ha)', 'Confiança', 'Origem', 'Aprovada por'].forEach((title, i) =>
      write(title, columns[i] as number, 9, bold),
    );
    line();
  };
  room(80);
  write('Detecções', LEFT, 13, bold);
  line();
  tableHeader();
  features.forEach((feature, index) => {
    // A row and its description stay together; a new page repeats the table's header.
    if (y - 28 < 50) {
      page = pdf.addPage(A4);
      y = 790;
      tableHeader();
    }
    const cells = [
      String(index + 1),
      feature.category_name,
      m2.format(feature.area),
      ha.format(feature.area / 10_000),
      feature.confidence === null ? '-' : percent.format(feature.confidence),
      feature.source === 'ai' ? 'Detector' : 'Manual',
      feature.reviewed_by ?? '-',
    ];
    cells.forEach((cell, i) => write(cell, columns[i] as number, 9));
    line(13);
    if (feature.description) {
      write(feature.description.slice(0, 110), columns[1] as number, 8, regular, grey);
      line(15);
    }
  });
  if (features.length === 0) write('Nenhuma detecção aprovada.', LEFT);
  return pdf.save();
}
