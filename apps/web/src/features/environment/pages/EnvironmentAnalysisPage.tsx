import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Tabs } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { ENVIRONMENT_MESSAGES, isAdmin as holdsAdminRole, type EnvironmentFeature } from '@mirante/shared';
import { statusOf } from '../../../shared/api/ApiError';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useCredentials } from '../../../shared/session/SessionContext';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { NoImagesScreen } from '../../../shared/status/NoImagesScreen';
import { useProjectLayers } from '../../map/api';
import { LayersTab } from '../../map/components/panels/LayersTab';
import { ProjectDetailsTab } from '../../map/components/panels/ProjectDetailsTab';
import { useLayerVisibility } from '../../map/hooks/useLayerVisibility';
import { useCurrentProject } from '../../projects/ProjectContext';
import {
  useAnalysesInReview,
  useAnalysisFeatures,
  useAnalysisScenes,
  useEnvironmentAnalyses,
  useReviewFeature,
} from '../api';
import { AnalysesTable } from '../components/AnalysesTable';
import { AnalysisMap, type ProposalSelection } from '../components/AnalysisMap';
import { DetectionFormModal } from '../components/DetectionFormModal';
import { FeaturesTable } from '../components/FeaturesTable';
import { InReviewNotice } from '../components/InReviewNotice';
import { NewAnalysisModal } from '../components/NewAnalysisModal';
import { analysisMapScene } from '../analysisMapScene';
import { RejectModal } from '../components/RejectModal';
import '../../map/map.css';
import '../environment.css';

type Dialog =
  | { kind: 'analysis' }
  | { kind: 'detection'; editing: EnvironmentFeature | null }
  | { kind: 'reject'; feature: EnvironmentFeature }
  | null;

/**
 * The analysis page of an environment project: tabs Detalhes, Análises, Camadas beside the map of the
 * chosen analysis. Análises lists the analyses (before/after scenes compared by the detector) and the chosen one's
 * detections with their review, with 'Nova Análise' and 'Nova Detecção' for an ADMIN.
 */
export default function EnvironmentAnalysisPage() {
  const project = useCurrentProject();
  const credentials = useCredentials();
  const { role } = credentials;
  const isAdmin = holdsAdminRole(credentials);
  const scenes = useAnalysisScenes(project.id);
  const analyses = useEnvironmentAnalyses(project.id);
  const inReview = useAnalysesInReview(project.id, !isAdmin);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [proposal, setProposal] = useState<ProposalSelection | null>(null);
  const list = analyses.data ?? [];
  const current = list.find((a) => a.detectId === selected) ?? list[0] ?? null;
  const features = useAnalysisFeatures(project.id, current?.detectId ?? null, current?.processingState);
  const featureList = useMemo(() => features.data ?? [], [features.data]);
  const pickOnMap = useCallback((id: number) => setProposal({ id, focus: null }), []);
  const chooseAnalysis = (detectId: number) => {
    setSelected(detectId);
    setProposal(null);
  };
  const review = useReviewFeature(project.id, current?.detectId ?? 0);
  const feedback = useFeedback();
  const layers = useProjectLayers(project.id);
  const layerList = useMemo(() => layers.data ?? [], [layers.data]);
  const visibility = useLayerVisibility(layerList);

  if (scenes.isPending) return <LoadingScreen />;
  if (scenes.isError) return <p className="environment-error">{ENVIRONMENT_MESSAGES.scenesFailed}</p>;
  if (scenes.data.length === 0) return <NoImagesScreen />;
  const mapScene = analysisMapScene(scenes.data, current);
  const afterScene = current ? mapScene : null;
  // The error catalogue: a 404 on detection data is treated as empty.
  const analysesFailed = analyses.isError && statusOf(analyses.error) !== 404;
  const reviewing = inReview.data ?? [];
  // A customer user with nothing published yet but an analysis on its way sees that, not an empty list.
  const onlyInReview = !isAdmin && !analyses.isPending && list.length === 0 && reviewing.length > 0;

  const decide = async (feature: EnvironmentFeature, action: 'approve' | 'reject', reason?: string) => {
    try {
      await review.mutateAsync({ featureId: feature.id, action, reason });
      feedback.success(action === 'approve' ? 'Proposta aprovada' : 'Proposta rejeitada');
      setDialog(null);
    } catch (error) {
      feedback.error(`${ENVIRONMENT_MESSAGES.saveDetectionFailed} ${(error as Error).message}`);
    }
  };

  const analysesTab = (
    <div className="environment-page__analyses">
      <div className="environment-page__header">
        <h1 className="environment-page__title">Análise</h1>
        {isAdmin && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'analysis' })}
          >
            Nova Análise
          </Button>
        )}
      </div>
      <InReviewNotice analyses={reviewing} nothingPublished={list.length === 0} />
      {analysesFailed ? (
        <p className="environment-error">Ops, ocorreu algum erro no servidor</p>
      ) : onlyInReview ? null : (
        <AnalysesTable
          projectId={project.id}
          analyses={list}
          loading={analyses.isPending}
          isAdmin={isAdmin}
          selectedId={current?.detectId ?? null}
          onSelect={chooseAnalysis}
        />
      )}
      {!onlyInReview && (
        <>
          <div className="environment-page__header environment-page__header--section">
            <h2 className="environment-page__subtitle">
              {current ? `Detecções de ${current.beforeDate} a ${current.afterDate}` : 'Detecções'}
            </h2>
            {isAdmin && current && (
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setDialog({ kind: 'detection', editing: null })}
              >
                Nova Detecção
              </Button>
            )}
          </div>
          {current ? (
            <FeaturesTable
              features={featureList}
              loading={features.isPending}
              isAdmin={isAdmin}
              selectedId={proposal?.id ?? null}
              onSelect={(f) => setProposal({ id: f.id, focus: f })}
              onApprove={(f) => void decide(f, 'approve')}
              onReject={(f) => setDialog({ kind: 'reject', feature: f })}
              onEdit={(f) => setDialog({ kind: 'detection', editing: f })}
            />
          ) : (
            <Empty description="Nenhuma análise cadastrada." />
          )}
        </>
      )}
    </div>
  );

  return (
    <div className="environment-page" data-testid="environment-analysis">
      <aside className="environment-page__aside">
        <Tabs
          defaultActiveKey="analises"
          items={[
            {
              key: 'detalhes',
              label: 'Detalhes',
              children: <ProjectDetailsTab project={project} role={role} />,
            },
            { key: 'analises', label: 'Análises', children: analysesTab },
            {
              key: 'camadas',
              label: 'Camadas',
              children: (
                <LayersTab
                  available={visibility.available}
                  visible={visibility.visibleTypes}
                  onChange={visibility.showTypes}
                />
              ),
            },
          ]}
        />
      </aside>
      <AnalysisMap
        project={project}
        layers={layerList}
        visibleTypes={visibility.visibleTypes}
        scene={mapScene}
        apiToken={credentials.api_token}
        features={featureList}
        selection={proposal}
        onPickProposal={pickOnMap}
      />
      {dialog?.kind === 'analysis' && (
        <NewAnalysisModal
          projectId={project.id}
          scenes={scenes.data}
          onCreated={chooseAnalysis}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'detection' && current && (
        <DetectionFormModal
          project={project}
          analysis={current}
          afterScene={afterScene}
          editing={dialog.editing}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'reject' && (
        <RejectModal
          pending={review.isPending}
          onClose={() => setDialog(null)}
          onReject={(reason) => void decide(dialog.feature, 'reject', reason)}
        />
      )}
    </div>
  );
}
