import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const systemApi = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Estado do servidor e do banco de dados',
    tags: ['system'],
    access: { kind: 'public' },
    response: z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') }),
  }),
} as const;
