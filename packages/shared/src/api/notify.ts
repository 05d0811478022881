import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LONG_TEXT_MAX, text } from './input-rules';
import { messageResponseSchema } from './auth';

export const supportRequestSchema = z.object({
  subject: text(LONG_TEXT_MAX).trim().min(1, 'Informe o assunto').max(88, 'O limite máximo é 88 caracteres'),
  email: text().trim().min(1, 'Informe o email').email('Email inválido'),
  message: text(LONG_TEXT_MAX * 2)
    .trim()
    .min(1, 'Informe o conteúdo da mensagem')
    .max(LONG_TEXT_MAX),
});

export const notifyApi = {
  requestHelp: defineEndpoint({
    method: 'POST',
    path: '/notify/email/request-help',
    summary: 'Enviar um pedido de suporte por e-mail',
    tags: ['notify'],
    access: { kind: 'session' },
    encoding: 'form',
    body: supportRequestSchema,
    response: messageResponseSchema,
    errorStatuses: [422, 502],
  }),
} as const;
