import { useEffect } from 'react';
import { App } from 'antd';
import { ANALYSIS_MESSAGES } from '@mirante/shared';
import { serverReason } from './messages';

/** 'Não foi possível carregar os dados: …' for 5 s whenever a list fails to load (spec section 8). */
export function useLoadErrorNotice(error: unknown): void {
  const { message } = App.useApp();
  useEffect(() => {
    if (!error) return;
    void message.error({ content: `${ANALYSIS_MESSAGES.loadFailed} ${serverReason(error)}`, duration: 5 });
  }, [error, message]);
}
