import { Alert } from 'antd';
import { ENVIRONMENT_MESSAGES, type AnalysisInReview } from '@mirante/shared';

const STATE_TEXT: Record<AnalysisInReview['state'], string> = {
  processing: 'as imagens ainda estão sendo comparadas.',
  review: 'em revisão pela equipe Mirante.',
};

export interface InReviewNoticeProps {
  analyses: readonly AnalysisInReview[];
  /** No analysis is published yet: the notice stands for the whole list. */
  nothingPublished: boolean;
}

/**
 * What a customer user sees of the analyses not yet published (their detections stay with the ADMIN until then):
 * each one's dates and whether it is being compared or reviewed, so that no list reads as "nothing changed".
 */
export function InReviewNotice({ analyses, nothingPublished }: InReviewNoticeProps) {
  if (analyses.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="environment-in-review"
      data-testid="analyses-in-review"
      message={nothingPublished ? ENVIRONMENT_MESSAGES.processingUnfinished : 'Nova análise em andamento'}
      description={
        <>
          <ul className="environment-in-review__list">
            {analyses.map((a) => (
              <li key={`${a.beforeDate}-${a.afterDate}`}>
                Análise de {a.beforeDate} a {a.afterDate}: {STATE_TEXT[a.state]}
              </li>
            ))}
          </ul>
          As mudanças encontradas aparecem aqui quando a análise for publicada.
        </>
      }
    />
  );
}
