import { displayDate } from '@mirante/shared';
import type { MailMessage } from '../../mail/mailer';
import type { ReportDocument } from './report-document';
import { reportTitle } from './report-pdf';

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail carrying one recipient's report: a short summary in HTML and plain text, the files attached. */
export function reportEmail(input: {
  to: { name: string; email: string };
  document: ReportDocument;
  mapUrl: string;
  pdf: { filename: string; base64: string };
  spreadsheet: { filename: string; contentType: string; base64: string } | null;
  /**
   * The signed links that take this recipient off this schedule: the page the e-mail's link opens, and the
   * address a mail client posts to (RFC 8058 one-click).
   */
  unsubscribe: { page: string; oneClick: string };
}): MailMessage {
  const { document } = input;
  const title = `${reportTitle(document)} - ${document.projectName}`;
  const latest = document.latestDate ? displayDate(document.latestDate) : null;
  const baseline = document.baselineDate ? displayDate(document.baselineDate) : null;
  const lines = latest
    ? [
        `Situação dos lotes em ${latest}: ${document.counts.map((c) => `${c.name} ${c.value}`).join(', ')}.`,
        baseline
          ? `${document.changedCount} lote(s) mudaram de situação desde ${baseline}.`
          : 'Primeira análise publicada: não há data anterior para comparar.',
        `${document.invasionCount} lote(s) com invasão.`,
      ]
    : ['Ainda não há análises publicadas deste loteamento.'];
  const attachments = [
    { filename: input.pdf.filename, contentType: 'application/pdf', content: input.pdf.base64 },
    ...(input.spreadsheet
      ? [
          {
            filename: input.spreadsheet.filename,
            contentType: input.spreadsheet.contentType,
            content: input.spreadsheet.base64,
          },
        ]
      : []),
  ];
  const files = input.spreadsheet ? 'o relatório em PDF e a planilha de detecções' : 'o relatório em PDF';
  const text = [
    `Olá, ${input.to.name}.`,
    '',
    `Segue ${files} do loteamento ${document.projectName}.`,
    '',
    ...lines,
    '',
    `Abrir o mapa do loteamento: ${input.mapUrl}`,
    '',
    'Você recebe este e-mail porque um gestor do projeto o incluiu entre os destinatários deste relatório.',
    `Não receber mais este relatório: ${input.unsubscribe.page}`,
  ].join('\n');
  const html =
    `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#222;max-width:600px">` +
    `<h2 style="margin:0 0 8px">${escapeHtml(title)}</h2>` +
    `<p>Olá, ${escapeHtml(input.to.name)}.</p>` +
    `<p>Segue ${files} do loteamento <strong>${escapeHtml(document.projectName)}</strong>.</p>` +
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
    `<p><a href="${escapeHtml(input.mapUrl)}" style="background:#1677ff;color:#fff;padding:8px 14px;` +
    `border-radius:6px;text-decoration:none">Abrir o mapa do loteamento</a></p>` +
    `<p style="color:#777;font-size:12px">Você recebe este e-mail porque um gestor do projeto o incluiu entre os ` +
    `destinatários deste relatório. <a href="${escapeHtml(input.unsubscribe.page)}" style="color:#1677ff">` +
    `Não receber mais este relatório</a>.</p></body></html>`;
  return {
    to: input.to.email,
    subject: title,
    text,
    html,
    attachments,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
