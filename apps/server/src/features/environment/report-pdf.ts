import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { EnvironmentAnalysis, EnvironmentFeature } from '@mirante/shared';

export interface ReportInput {
  projectName: string;
  analysis: EnvironmentAnalysis;
  /** The analysis's approved detections. */
  features: EnvironmentFeature[];
}

const m2 = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const ha = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const area = (value: number) => `${m2.format(value)} m² (${ha.format(value / 10_000)} ha)`;

/** The pdf-lib standard fonts speak WinAnsi: characters outside it become '?'. */
const winAnsi = (text: string) =>
  text.replace(/[^\u0020-\u00ff]/g, (c) => (c === '—' || c === '–' ? '-' : c === '→' ? '->' : '?'));

/**
 * 'Relatório de Análise' of one environment analysis (A4 portrait): project, the two scenes' dates, the table of
 * approved detections (category, area in m² and ha, description, who approved) and the totals per category.
 */
export async function environmentReportPdf(input: ReportInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`Relatório de Análise - ${input.projectName}`));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  let y = 790;
  const write = (text: string, x: number, size = 10, font = regular, colour = rgb(0.1, 0.1, 0.1)) =>
    page.drawText(winAnsi(text), { x, y, size, font, color: colour, maxWidth: 595 - x - 40 });
  const line = () => {
    y -= 16;
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 790;
    }
  };

  write('Relatório de Análise', 40, 20, bold);
  y -= 28;
  write(input.projectName, 40, 13, bold);
  line();
  write(`Imagem anterior: ${input.analysis.beforeDate}    Imagem posterior: ${input.analysis.afterDate}`, 40);
  line();
  write(`Situação: ${input.analysis.analysisApprovalStatus}`, 40);
  y -= 24;
  write('Detecções', 40, 13, bold);
  line();
  const columns = [40, 150, 300, 470];
  ['Categoria', 'Área', 'Descrição', 'Aprovada por'].forEach((title, i) =>
    write(title, columns[i] as number, 10, bold),
  );
  line();
  for (const feature of input.features) {
    write(feature.category_name, columns[0] as number);
    write(area(feature.area), columns[1] as number, 9);
    write(feature.description.slice(0, 40), columns[2] as number, 9);
    write(feature.reviewed_by ?? '-', columns[3] as number, 9);
    line();
  }
  if (input.features.length === 0) {
    write('Nenhuma detecção aprovada.', 40);
    line();
  }
  y -= 12;
  write('Totais por categoria', 40, 13, bold);
  line();
  const totals = new Map<string, number>();
  for (const feature of input.features) {
    totals.set(feature.category_name, (totals.get(feature.category_name) ?? 0) + feature.area);
  }
  for (const [category, total] of totals) {
    write(category, 40);
    write(area(total), 200);
    line();
  }
  return pdf.save();
}
