import { useMemo, type ReactNode } from 'react';
import { App, Button } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { lastingSeconds } from './lastingSeconds';

type Kind = 'error' | 'warning';

/** antd's message icons, hidden: named by their files in English ('check-circle'), and the text says it all. */
const ICONS = {
  success: <CheckCircleFilled aria-hidden />,
  info: <InfoCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
  warning: <ExclamationCircleFilled aria-hidden />,
};

export interface Feedback {
  /** The business limits: a short confirmation, shown for the default 1 s. */
  success(content: ReactNode): void;
  info(content: ReactNode): void;
  /** A failure stays long enough to read (and while hovered), with a button to dismiss it. */
  error(content: string, seconds?: number): void;
  warning(content: string, seconds?: number): void;
  /** Takes down a lasting error or warning that no longer holds (the choice it was about has been put right). */
  dismiss(type: Kind, content: string): void;
}

/** The app's toast messages: successes brief, errors and warnings lasting and dismissable. */
export function useFeedback(): Feedback {
  const { message } = App.useApp();
  return useMemo(() => {
    const keyOf = (type: Kind, content: string) => `${type}:${content}`;
    const lasting = (type: Kind, content: string, seconds = lastingSeconds(content)) => {
      // One notice per text: the same failure twice refreshes it instead of stacking copies.
      const key = keyOf(type, content);
      void message.open({
        key,
        type,
        icon: ICONS[type],
        duration: seconds,
        content: (
          <span className="lasting-message">
            <span>{content}</span>
            <Button
              type="text"
              size="small"
              aria-label="Fechar mensagem"
              icon={<CloseOutlined aria-hidden />}
              onClick={() => message.destroy(key)}
            />
          </span>
        ),
      });
    };
    return {
      success: (content) => void message.open({ type: 'success', content, icon: ICONS.success }),
      info: (content) => void message.open({ type: 'info', content, icon: ICONS.info }),
      error: (content, seconds) => lasting('error', content, seconds),
      warning: (content, seconds) => lasting('warning', content, seconds),
      dismiss: (type, content) => message.destroy(keyOf(type, content)),
    };
  }, [message]);
}
