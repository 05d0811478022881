import { DETECTIONS_REPORT_MESSAGES } from '@mirante/shared';
import type { PagePath } from './routeRules';

const APP = 'Mirante';
const titled = (page: string, suffix = APP) => `${page} | ${suffix}`;

export const LOGIN_TITLE = titled('Entrar');
export const PASSWORD_TITLE = titled('Definir senha');
export const UNSUBSCRIBE_TITLE = titled('E-mails de alertas');
export const REPORT_UNSUBSCRIBE_TITLE = titled('Relatório agendado por e-mail');
export const NOT_FOUND_TITLE = titled('Página não encontrada');

/**
 * The browser tab title of every page under /page: '<page> | <area>', with the suffixes the spec names
 * ('Lista de detecções | Relatório', '… | Integração').
 */
export const PAGE_TITLES: Record<PagePath, string> = {
  'fusion-map': titled('Mapa', 'Loteamento'),
  area: titled('Mapa'),
  analysis: titled('Análise'),
  'allotment-value': titled('Metro quadrado', 'Loteamento'),
  report: titled('Relatório de Análise'),
  list: titled(DETECTIONS_REPORT_MESSAGES.title, DETECTIONS_REPORT_MESSAGES.titleSuffix),
  information: titled('Análise da carteira', 'Financeiro'),
  security: titled('Painel de segurança', 'Segurança'),
  integration: titled('Integração com ERPs', 'Integração'),
  'construction/images': titled('Imagens', 'Obra'),
  'construction/inspections': titled('Vistorias', 'Obra'),
  'construction/overlays': titled('Sobreposições', 'Obra'),
  'construction/notes': titled('Anotações', 'Obra'),
  'construction/report': titled('Relatório', 'Obra'),
  'construction/users': titled('Usuários', 'Obra'),
  admin: titled('Painel de administração'),
  'change-password': titled('Trocar senha'),
  'gis-keys': titled('Chaves de acesso GIS'),
  alerts: titled('Preferências de alertas'),
};
