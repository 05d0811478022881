import { displayDate, type AlertKind, type ProjectType } from '@mirante/shared';
import type { MailAttachment, MailMessage } from '../../mail/mailer';
import { alertPath, describeAlert, type AlertPayload } from './alert-text';

/** The before/after thumbnails of one lot (JPEG), either absent when its scene has no tile there. */
export interface LotThumbnails {
  before: Buffer | null;
  after: Buffer | null;
  beforeDate: string | null;
  afterDate: string | null;
}

/** One event as an e-mail shows it. */
export interface MailEvent {
  eventId: number;
  projectId: number;
  projectName: string;
  projectType: ProjectType;
  kind: AlertKind;
  payload: AlertPayload;
  thumbnails: Map<number, LotThumbnails>;
}

export interface AlertEmailInput {
  recipientName: string;
  events: MailEvent[];
  appUrl: string;
  /**
   * The signed links that stop a project's alert e-mails for this user: the page the e-mail's link opens, and
   * the address a mail client posts to (RFC 8058 one-click).
   */
  unsubscribeLinks: (projectId: number) => { page: string; oneClick: string };
  digest?: 'daily' | 'weekly';
}

/** Lots listed per event in an e-mail (the rest are counted, and all are in the app). */
export const LOTS_PER_EVENT = 8;

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const BUTTON =
  'display:inline-block;padding:6px 12px;border-radius:4px;background:#1f4e79;color:#ffffff;text-decoration:none;font-size:13px';

/** An alert e-mail (one event at once, or a digest of several), in HTML with inline thumbnails and in plain text. */
export function alertEmail(input: AlertEmailInput): Omit<MailMessage, 'to'> {
  const attachments: MailAttachment[] = [];
  const image = (bytes: Buffer | null, name: string, alt: string): string => {
    if (!bytes)
      return `<div style="width:120px;height:120px;background:#eef1f4;color:#8a94a0;font-size:11px;text-align:center;line-height:120px">sem imagem</div>`;
    const cid = `${name}@mirante`;
    attachments.push({
      filename: `${name}.jpg`,
      contentType: 'image/jpeg',
      content: bytes.toString('base64'),
      cid,
    });
    return `<img src="cid:${cid}" width="120" height="120" alt="${escape(alt)}" style="display:block;border-radius:4px">`;
  };
  const url = (path: string) => `${input.appUrl}${path}`;
  const projects = [...new Map(input.events.map((event) => [event.projectId, event])).values()];
  const html: string[] = [];
  const text: string[] = [];
  const heading = input.digest
    ? `${input.digest === 'daily' ? 'Resumo diário' : 'Resumo semanal'} de alertas`
    : 'Alerta do Mirante';
  text.push(`Olá, ${input.recipientName}.`, '');
  html.push(
    `<div style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:640px;margin:0 auto">`,
    `<div style="background:#1f4e79;color:#fff;padding:14px 18px;font-size:18px;font-weight:bold">Mirante · ${escape(heading)}</div>`,
    `<p style="padding:0 18px">Olá, ${escape(input.recipientName)}.</p>`,
  );
  for (const project of projects) {
    html.push(
      `<h2 style="font-size:16px;margin:18px 18px 6px;color:#1f4e79">${escape(project.projectName)}</h2>`,
    );
    text.push(`== ${project.projectName} ==`);
    for (const event of input.events.filter((item) => item.projectId === project.projectId)) {
      const described = describeAlert(event.kind, event.payload);
      const link = url(alertPath(event.projectId, event.projectType, event.kind));
      html.push(
        `<div style="margin:8px 18px;padding:12px;border:1px solid #d9dee4;border-radius:6px">`,
        `<div style="font-weight:bold;font-size:15px">${escape(described.title)}</div>`,
        `<div style="margin:4px 0 8px;font-size:13px;color:#52606d">${escape(described.detail)}</div>`,
      );
      text.push(`* ${described.title}`, `  ${described.detail}`);
      const shown = described.lots.slice(0, LOTS_PER_EVENT);
      if (shown.length > 0)
        html.push('<table cellpadding="4" cellspacing="0" style="border-collapse:collapse;font-size:13px">');
      for (const lot of shown) {
        const lotLink = url(alertPath(event.projectId, event.projectType, event.kind, lot.layerId));
        const thumbs = event.thumbnails.get(lot.layerId);
        const name = `e${event.eventId}-l${lot.layerId}`;
        const pictures = thumbs
          ? `<td>${image(thumbs.before, `${name}-antes`, `${lot.label} antes`)}<div style="font-size:11px;color:#52606d;text-align:center">Antes${thumbs.beforeDate ? ` · ${displayDate(thumbs.beforeDate)}` : ''}</div></td>` +
            `<td>${image(thumbs.after, `${name}-depois`, `${lot.label} depois`)}<div style="font-size:11px;color:#52606d;text-align:center">Depois${thumbs.afterDate ? ` · ${displayDate(thumbs.afterDate)}` : ''}</div></td>`
          : '';
        html.push(
          `<tr style="border-top:1px solid #eef1f4"><td style="vertical-align:top;min-width:170px"><b>${escape(lot.label)}</b><br>${escape(lot.change)}<br><a href="${escape(lotLink)}" style="color:#1f4e79">Ver no mapa</a></td>${pictures}</tr>`,
        );
        text.push(`  - ${lot.label}: ${lot.change} — ${lotLink}`);
      }
      if (shown.length > 0) html.push('</table>');
      const more = described.lots.length - shown.length;
      if (more > 0) {
        html.push(
          `<div style="font-size:12px;color:#52606d;margin-top:6px">e mais ${more} lote(s) no Mirante.</div>`,
        );
        text.push(`  e mais ${more} lote(s) no Mirante.`);
      }
      html.push(
        `<div style="margin-top:10px"><a href="${escape(link)}" style="${BUTTON}">Abrir no Mirante</a></div></div>`,
      );
      text.push(`  Abrir no Mirante: ${link}`, '');
    }
  }
  const preferences = url('/page/alerts');
  html.push(
    `<div style="margin:18px;font-size:12px;color:#6b7785;border-top:1px solid #d9dee4;padding-top:10px">`,
  );
  html.push(
    `Você recebe este e-mail pelas suas escolhas de alertas. <a href="${escape(preferences)}" style="color:#1f4e79">Preferências de alertas</a>.`,
  );
  text.push(`Preferências de alertas: ${preferences}`);
  for (const project of projects) {
    const stop = input.unsubscribeLinks(project.projectId).page;
    html.push(
      `<br><a href="${escape(stop)}" style="color:#1f4e79">Cancelar os e-mails de alertas de ${escape(project.projectName)}</a>`,
    );
    text.push(`Cancelar os e-mails de alertas de ${project.projectName}: ${stop}`);
  }
  html.push('</div></div>');
  const first = input.events[0];
  const subject = input.digest
    ? `[Mirante] ${heading}: ${input.events.length} alerta(s)`
    : `[Mirante] ${first ? `${first.projectName}: ${describeAlert(first.kind, first.payload).title}` : heading}`;
  const single = projects.length === 1 ? input.unsubscribeLinks(projects[0]!.projectId).oneClick : undefined;
  return {
    subject,
    text: text.join('\n'),
    html: html.join('\n'),
    attachments,
    ...(single
      ? {
          headers: {
            'List-Unsubscribe': `<${single}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
