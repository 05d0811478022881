import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ProjectType } from '@mirante/shared';
import { useAllotmentAnalyses } from '../../allotment-analysis/api';
import { useProjectLayers, useProjectScenes } from '../../map/api';
import { ImageAiPanel } from './ImageAiPanel';
import { useOpenProjectMap } from './useOpenProjectMap';

export interface GuidedProject {
  id: number;
  name: string;
  projectType: ProjectType;
}

interface Step {
  key: string;
  title: string;
  done: boolean;
  detail: string;
  /** What takes the ADMIN to this step: shown once the steps before it are done. */
  action: ReactNode;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;

/**
 * 'Primeiros passos' of a project: registered → lots imported → image registered and tiled → AI read the lots
 * → the coloured map. Each step is read from what the server holds (so it ticks itself as soon as the work is
 * done, wherever it was done) and links to the next, with the project already chosen.
 */
export function FirstStepsChecklist({
  project,
  onImportLots,
}: {
  project: GuidedProject;
  onImportLots(): void;
}) {
  const navigate = useNavigate();
  const openMap = useOpenProjectMap();
  const allotment = project.projectType === 'ALLOTMENT';
  const layers = useProjectLayers(project.id);
  const scenes = useProjectScenes(project.id);
  const analyses = useAllotmentAnalyses(project.id, allotment);
  const lots = (layers.data ?? []).filter((layer) => layer.type === 'LOT').length;
  const ready = (scenes.data ?? []).filter((scene) => scene.status === 'ready');
  const latest = ready[0] ?? null;
  const read = allotment
    ? (analyses.data ?? []).filter((analysis) => analysis.processingState === 'done')
    : [];

  const steps: Step[] = [
    { key: 'project', title: 'Projeto cadastrado', done: true, detail: project.name, action: null },
    {
      key: 'lots',
      title: 'Importar os lotes',
      done: lots > 0,
      detail:
        lots > 0 ? plural(lots, 'lote importado', 'lotes importados') : 'Shapefile, GeoJSON, KML ou DXF',
      action: (
        <Button type="primary" onClick={onImportLots}>
          Importar lotes
        </Button>
      ),
    },
    {
      key: 'image',
      title: 'Cadastrar a primeira imagem',
      done: latest !== null,
      detail: latest ? `Imagem de ${latest.dateFormatted} pronta` : 'GeoTIFF de satélite ou drone',
      action: (
        <Button type="primary" onClick={() => void navigate(`/page/admin?aba=scene&projeto=${project.id}`)}>
          Cadastrar imagem
        </Button>
      ),
    },
    ...(allotment
      ? [
          {
            key: 'ai',
            title: 'Analisar a imagem com I.A',
            done: read.length > 0,
            detail:
              read.length > 0
                ? plural(read[0]?.lotsAnalysed ?? 0, 'lote lido', 'lotes lidos')
                : 'A I.A lê a situação de cada lote',
            action: latest ? <ImageAiPanel project={project} sceneId={latest.id} /> : null,
          },
        ]
      : []),
    {
      key: 'map',
      title: allotment ? 'Ver os lotes coloridos no mapa' : 'Ver o projeto no mapa',
      done: false,
      detail: '',
      action: <Button onClick={() => openMap(project)}>Abrir o mapa do projeto</Button>,
    },
  ];
  const current = steps.findIndex((step) => !step.done);

  return (
    <Card
      className="first-steps"
      title={`Primeiros passos · ${project.name}`}
      size="small"
      data-testid="first-steps"
    >
      <ol className="first-steps__list" aria-label="Primeiros passos do projeto">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className={`first-steps__step${index === current ? ' first-steps__step--current' : ''}`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="first-steps__icon" aria-hidden>
              {step.done ? <CheckCircleFilled aria-hidden /> : <ClockCircleOutlined aria-hidden />}
            </span>
            <span className="first-steps__text">
              <strong>
                {step.title}
                {step.done && <span className="first-steps__done"> (feito)</span>}
              </strong>
              {step.detail && <small>{step.detail}</small>}
              {index === current && step.action}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
