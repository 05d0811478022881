import { useEffect } from 'react';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { reasonOf } from '../model/reasonOf';

/** Shows a failed load once as a lasting notice: the spec's text (ending in ':') and the server's reason. */
export function useFailureNotice(error: unknown, text: string): void {
  const feedback = useFeedback();
  useEffect(() => {
    if (error) feedback.error(`${text} ${reasonOf(error)}`);
  }, [feedback, error, text]);
}
