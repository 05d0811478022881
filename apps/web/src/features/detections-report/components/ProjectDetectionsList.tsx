import { useState } from 'react';
import { Spin } from 'antd';
import { DETECTIONS_REPORT_MESSAGES, type Project } from '@mirante/shared';
import { statusOf } from '../../../shared/api/ApiError';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { ProcessingNotFinishedScreen } from '../../../shared/status/ProcessingNotFinishedScreen';
import { ServerErrorScreen } from '../../../shared/status/ServerErrorScreen';
import { useDetectionsHistory } from '../api';
import { DetectionsReport } from './DetectionsReport';
import { ScheduledReportsButton } from '../../scheduled-reports/components/ScheduledReportsButton';
import { DEFAULT_APPLIED, type AppliedFilters } from '../filters';

/** The report of one project (remounted, filters reset, when the project changes). */
export function ProjectDetectionsList({ project }: { project: Project }) {
  const [applied, setApplied] = useState<AppliedFilters>(DEFAULT_APPLIED);
  const query = useDetectionsHistory(project.id, applied);

  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    // The error catalogue: the report's errors are only logged beyond these views.
    console.error(query.error);
    if (statusOf(query.error) === 404) return <ProcessingNotFinishedScreen />;
    return <ServerErrorScreen onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="detections-page">
      <h1 className="detections-page__title">
        {DETECTIONS_REPORT_MESSAGES.title} <small>{DETECTIONS_REPORT_MESSAGES.titleSuffix}</small>
        {query.isFetching && <Spin size="small" style={{ marginLeft: 12 }} />}
      </h1>
      <DetectionsReport
        key={`${project.id}:${JSON.stringify(applied)}:${query.data.startDate}:${query.data.endDate}`}
        projectId={project.id}
        projectCenter={project.center}
        hasStage={project.hasStage}
        history={query.data}
        applied={applied}
        onApply={setApplied}
        extraActions={<ScheduledReportsButton projectId={project.id} projectName={project.name} />}
      />
    </div>
  );
}
