import { ANALYSIS_MESSAGES } from '@mirante/shared';
import { isApiError } from '../../shared/api/ApiError';

/** Texts of the image and analysis tabs, word for word where the spec fixes them. */
export const ADMIN_TEXTS = {
  noScenes: 'Nenhuma imagem cadastrada.',
  noAnalyses: 'Nenhuma análise cadastrada.',
  scenesLoadFailed: 'Não foi possível buscar as imagens cadastradas. Tente novamente.',
  analysesLoadFailed: 'Não foi possível buscar as análises cadastradas. Tente novamente.',
  removeScenesConfirm: 'Tem certeza que deseja remover essas imagens?',
  removeAnalysesConfirm: 'Tem certeza que deseja remover essas análises?',
  removeScenesFailed: 'Falha ao remover imagens:',
  removeAnalysesFailed: 'Falha ao remover análises:',
  scenesRemoved: 'Imagens removidas com sucesso',
  analysesRemoved: 'Análises removidas com sucesso',
  noScenesWithoutAnalysis: 'Nenhuma imagem sem análise neste mês.',
  noScenesWithAnalysis: 'Nenhuma análise neste mês com estes filtros.',
} as const;

/** The server's message, else the status text (both carried by ApiError), else 'Erro desconhecido'. */
export function serverReason(error: unknown): string {
  if (isApiError(error) && error.status !== 0 && error.message) return error.message;
  if (error instanceof Error && error.message && !isApiError(error)) return error.message;
  return ANALYSIS_MESSAGES.unknownError;
}
