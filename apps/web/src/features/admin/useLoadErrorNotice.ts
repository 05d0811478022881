import { useEffect } from 'react';
import { ANALYSIS_MESSAGES } from '@mirante/shared';
import { serverReason } from './messages';
import { useFeedback } from '../../shared/feedback/useFeedback';

/** 'Não foi possível carregar os dados: …' for 5 s whenever a list fails to load. */
export function useLoadErrorNotice(error: unknown): void {
  const message = useFeedback();
  useEffect(() => {
    if (!error) return;
    message.error(`${ANALYSIS_MESSAGES.loadFailed} ${serverReason(error)}`, 5);
  }, [error, message]);
}
