import { Alert, Empty, Progress, Switch, Tag } from 'antd';
import { ENVIRONMENT_MESSAGES, detectionTypeOf, type AllotmentAnalysis, type Scene } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { usePublishAllotmentAnalysis } from '../api';

export interface AnalysisSectionProps {
  projectId: number;
  analyses: readonly AllotmentAnalysis[];
  /** The analyses could not be read (a 404 counts as none). */
  failed: boolean;
  loading: boolean;
  selected: AllotmentAnalysis | null;
  onSelect(analysis: AllotmentAnalysis): void;
  isAdmin: boolean;
  lastScene: Scene | null;
  /** The error catalogue: the latest image could not be read (a warning with its reason). */
  lastSceneWarning: string | null;
}

const unfinished = (analysis: AllotmentAnalysis) => analysis.processingState !== 'done';

/**
 * Accordion 'Análise': one button per analysis date (ADMIN: its publish switch), the chosen analysis's lots per
 * detection type, and the project's latest image.
 */
export function AnalysisSection(props: AnalysisSectionProps) {
  const { projectId, analyses, selected, isAdmin } = props;
  const publish = usePublishAllotmentAnalysis(projectId);
  const feedback = useFeedback();

  const toggle = async (analysis: AllotmentAnalysis, published: boolean) => {
    try {
      await publish.mutateAsync({ detectId: analysis.detectId, published });
      feedback.success(published ? 'Análise publicada' : 'Análise desativada');
    } catch {
      feedback.error(published ? ENVIRONMENT_MESSAGES.publishFailed : ENVIRONMENT_MESSAGES.unpublishFailed);
    }
  };

  if (props.failed) return <Alert type="error" showIcon message="Ops, ocorreu algum erro no servidor" />;
  if (props.loading) return <Progress percent={100} status="active" showInfo={false} size="small" />;
  return (
    <div className="analysis-section" data-testid="analysis-section">
      {props.lastSceneWarning && (
        <Alert
          type="warning"
          showIcon
          className="analysis-section__warning"
          message={props.lastSceneWarning}
        />
      )}
      {props.lastScene && (
        <p className="analysis-section__last">
          Última imagem: <strong>{props.lastScene.dateFormatted}</strong>
        </p>
      )}
      {analyses.length === 0 ? (
        <Empty description={ENVIRONMENT_MESSAGES.processingUnfinished} />
      ) : (
        <div className="analysis-dates" role="list" aria-label="Datas das análises">
          {analyses.map((analysis) => (
            <div
              key={analysis.detectId}
              role="listitem"
              className={`analysis-date${analysis.detectId === selected?.detectId ? ' analysis-date--selected' : ''}`}
            >
              <button
                type="button"
                className="analysis-date__button"
                aria-pressed={analysis.detectId === selected?.detectId}
                onClick={() => props.onSelect(analysis)}
              >
                <strong>{analysis.dateFormatted}</strong>
                <small>{analysis.lotsAnalysed} lotes analisados</small>
              </button>
              {isAdmin && (
                <label className="analysis-date__publish">
                  <Switch
                    size="small"
                    checked={analysis.approvalStatus}
                    loading={publish.isPending && publish.variables?.detectId === analysis.detectId}
                    aria-label={`Publicar análise de ${analysis.dateFormatted}`}
                    onChange={(value) => void toggle(analysis, value)}
                  />
                  <Tag color={analysis.approvalStatus ? 'green' : 'default'}>
                    {analysis.analysisApprovalStatus}
                  </Tag>
                </label>
              )}
            </div>
          ))}
        </div>
      )}
      {selected && unfinished(selected) && (
        <Alert
          type="info"
          showIcon
          className="analysis-section__processing"
          message={ENVIRONMENT_MESSAGES.processingUnfinished}
          description={
            selected.processingState === 'failed' ? undefined : (
              <Progress percent={selected.progress} size="small" />
            )
          }
        />
      )}
      {selected && !unfinished(selected) && <AnalysisTotals analysis={selected} />}
    </div>
  );
}

function AnalysisTotals({ analysis }: { analysis: AllotmentAnalysis }) {
  if (analysis.totals.length === 0) return <Empty description="Nenhum registro encontrado." />;
  return (
    <table className="analysis-totals" data-testid="analysis-totals">
      <caption>Lotes por detecção em {analysis.dateFormatted}</caption>
      <tbody>
        {analysis.totals.map((total) => {
          const type = detectionTypeOf(total.key);
          return (
            <tr key={total.key}>
              <td>
                <span className="analysis-totals__swatch" style={{ background: type?.color ?? '#9aa3ad' }} />
                {type?.name ?? total.key}
              </td>
              <td className="analysis-totals__count">{total.count}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
