import { MESSAGES } from '@mirante/shared';
import { AppError } from '../../http/app-error';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from '../auth';

export function createNotifyService(mailer: Mailer, supportEmail: string) {
  return {
    /** Sends the help form to the support mailbox, replying to the address the user typed. */
    async requestHelp(
      user: AuthUser,
      request: { subject: string; email: string; message: string },
    ): Promise<void> {
      const text = [
        request.message,
        '',
        '---',
        `Enviado por: ${user.name} <${user.email}> (id ${user.id}, cliente ${user.customerId}, perfil ${user.role})`,
        `Responder para: ${request.email}`,
      ].join('\n');
      try {
        await mailer.send({
          to: supportEmail,
          replyTo: request.email,
          subject: `[Suporte Mirante] ${request.subject}`,
          text,
        });
      } catch {
        throw new AppError(502, 'MAIL_FAILED', MESSAGES.supportEmailFailed);
      }
    },
  };
}

export type NotifyService = ReturnType<typeof createNotifyService>;
