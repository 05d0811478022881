import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** An external base map (the API calls 'External: tile servers'): XYZ raster tiles or a MapLibre style, with its credit. */
export const baseMapSchema = z.object({
  kind: z.enum(['tiles', 'style']),
  url: z.string(),
  attribution: z.string(),
});
export type BaseMap = z.infer<typeof baseMapSchema>;

export const baseMapsSchema = z.object({
  /** Under 'Mapa'. */
  street: baseMapSchema.nullable(),
  /** Under 'Satélite' (beneath the project's own scene). */
  satellite: baseMapSchema.nullable(),
});
export type BaseMaps = z.infer<typeof baseMapsSchema>;

/** What kind of install answers: the demonstration (known accounts, a public link) or a real one. */
export const installationSchema = z.object({
  /** True on the demonstration: every page then says so ('Demonstração — não use com dados reais'). */
  demo: z.boolean(),
});
export type Installation = z.infer<typeof installationSchema>;

export const systemApi = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Estado do servidor e do banco de dados',
    tags: ['system'],
    access: { kind: 'public' },
    response: z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') }),
  }),
  installation: defineEndpoint({
    method: 'GET',
    path: '/installation',
    summary: 'Tipo da instalação: demonstração ou real',
    tags: ['system'],
    access: { kind: 'public' },
    response: installationSchema,
  }),
  baseMaps: defineEndpoint({
    method: 'GET',
    path: '/base-maps',
    summary: 'Mapas de fundo externos configurados (ruas e satélite)',
    tags: ['system'],
    access: { kind: 'public' },
    response: baseMapsSchema,
  }),
} as const;
