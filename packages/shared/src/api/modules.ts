import { z } from 'zod';
import { MODULE_CODES } from '../domain/modules';
import { PROJECT_TYPES } from '../domain/projects';
import { defineEndpoint } from './endpoint';

export const moduleSchema = z.object({
  id: z.number().int(),
  code: z.enum(MODULE_CODES),
  name: z.string(),
  description: z.string(),
  project_type: z.enum(PROJECT_TYPES),
  project_type_description: z.string(),
});

export const modulesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/modules',
    summary: 'Módulos da plataforma',
    tags: ['security'],
    access: { kind: 'session' },
    response: z.array(moduleSchema),
  }),
} as const;
