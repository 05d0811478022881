import { List, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { REPORT_MESSAGES, isAdmin } from '@mirante/shared';
import { isApiError } from '../../../shared/api/ApiError';
import { useCredentials } from '../../../shared/session/SessionContext';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { StatusScreen } from '../../../shared/status/StatusScreen';
import { useCurrentProject } from '../../projects/ProjectContext';
import { PdfViewer } from '../components/PdfViewer';
import { ReportDetails } from '../components/ReportDetails';
import { useReportAnalyses, withToken } from '../reportApi';
import '../environment.css';

const notEnabled = (
  <StatusScreen status="info" title={REPORT_MESSAGES.notEnabled} testId="report-not-enabled" />
);

/**
 * 'Relatório de Análise' (module environment.report): the chosen analysis's report PDF drawn in the
 * page, with the aside tabs Detalhes and Análises. No analysis with a report: 'Relatório não habilitado para
 * este empreendimento'; the chosen one without its URL: 'Ops, relatório não encontrado'.
 */
export default function ReportPage() {
  const project = useCurrentProject();
  const credentials = useCredentials();
  const apiToken = credentials.api_token;
  const analyses = useReportAnalyses(project.id);
  const [selected, setSelected] = useState<number | null>(null);

  if (analyses.isPending) return <LoadingScreen />;
  if (analyses.isError) {
    const error = analyses.error;
    if (isApiError(error) && (error.code === 'REPORT_NOT_ENABLED' || error.code === 'MODULE_NOT_AVAILABLE'))
      return notEnabled;
    return (
      <StatusScreen
        status="error"
        title="Ops, ocorreu algum erro ao carregar o relatório"
        subTitle={error.message}
      />
    );
  }
  const list = analyses.data;
  const anyReport = list.some((a) => a.urlReport);
  // No analysis with a report: the spec's message. An ADMIN with analyses keeps the aside beside it, to send a PDF.
  if (!project.hasReport || list.length === 0 || (!anyReport && !isAdmin(credentials))) return notEnabled;
  const current = list.find((a) => a.detectId === selected) ?? list.find((a) => a.urlReport) ?? list[0];
  if (!current) return notEnabled;

  return (
    <div className="report-page">
      <aside className="report-page__aside" aria-label="Painel do relatório">
        <h1 className="environment-page__title">Relatório de Análise</h1>
        <p className="report-page__project">{project.name}</p>
        <Tabs
          defaultActiveKey="details"
          items={[
            {
              key: 'details',
              label: 'Detalhes',
              children: <ReportDetails projectId={project.id} analysis={current} />,
            },
            {
              key: 'analyses',
              label: 'Análises',
              children: (
                <List
                  size="small"
                  dataSource={list}
                  aria-label="Análises do projeto"
                  renderItem={(item) => (
                    <List.Item
                      className={
                        item.detectId === current.detectId
                          ? 'report-page__item report-page__item--selected'
                          : 'report-page__item'
                      }
                      onClick={() => setSelected(item.detectId)}
                    >
                      <button
                        type="button"
                        className="report-page__pick"
                        aria-pressed={item.detectId === current.detectId}
                      >
                        {item.beforeDate} → {item.afterDate}
                      </button>
                      <Tag color={item.analysisApprovalStatus === 'Aprovado' ? 'green' : 'gold'}>
                        {item.analysisApprovalStatus}
                      </Tag>
                    </List.Item>
                  )}
                />
              ),
            },
          ]}
        />
      </aside>
      <main className="report-page__main">
        {!anyReport ? (
          notEnabled
        ) : current.urlReport ? (
          <PdfViewer key={current.urlReport} url={withToken(current.urlReport, apiToken)} />
        ) : (
          <StatusScreen status="404" title={REPORT_MESSAGES.notFound} testId="report-not-found" />
        )}
      </main>
    </div>
  );
}
