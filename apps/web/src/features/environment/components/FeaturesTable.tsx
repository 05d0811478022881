import { Button, Space, Table, Tag, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { MAP_MESSAGES, type EnvironmentFeature } from '@mirante/shared';
import { ProposalPreviews } from './ProposalPreviews';
import { ColourTag } from '../../../shared/ui/ColourTag';

const STATUS: Record<EnvironmentFeature['review_status'], { text: string; color: string }> = {
  pending: { text: 'Pendente', color: 'gold' },
  approved: { text: 'Aprovada', color: 'green' },
  rejected: { text: 'Rejeitada', color: 'red' },
};

const squareMetres = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** What the detector's confidence is made of (server: detector/patch-confidence.ts), in the reviewer's words. */
const CONFIDENCE_HINT =
  'Quão claramente o detector viu a mudança: quanto ela passa do ruído das imagens, a parte do polígono ' +
  'em que ela aparece e o tamanho da área frente à área mínima.';

export interface FeaturesTableProps {
  features: EnvironmentFeature[];
  loading: boolean;
  isAdmin: boolean;
  /** The proposal picked here or on the map (highlighted, scrolled into view). */
  selectedId: number | null;
  onSelect(feature: EnvironmentFeature): void;
  onApprove(feature: EnvironmentFeature): void;
  onReject(feature: EnvironmentFeature): void;
  onEdit(feature: EnvironmentFeature): void;
}

/** The detections of one analysis: the detector's proposals and the manual ones, with their review. */
export function FeaturesTable({
  features,
  loading,
  isAdmin,
  selectedId,
  onSelect,
  onApprove,
  onReject,
  onEdit,
}: FeaturesTableProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selectedId === null) return;
    const row = container.current?.querySelector(`tr[data-row-key="${selectedId}"]`);
    row?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);
  // Four columns fit the 720 px aside at 1366 px: the detection (category, area, origin, description), its
  // previews, its review and (ADMIN) the actions stacked.
  const columns: ColumnsType<EnvironmentFeature> = [
    {
      title: 'Detecção',
      key: 'detection',
      render: (_v, f) => (
        <div className="environment-feature">
          <div className="environment-feature__head">
            <ColourTag colour={f.category_color}>{f.category_name}</ColourTag>
            <strong>{squareMetres.format(f.area)} m²</strong>
          </div>
          <div className="environment-reason">
            {f.source === 'ai' ? (
              <Tooltip title={CONFIDENCE_HINT}>
                <span>Detector · confiança {Math.round((f.confidence ?? 0) * 100)}%</span>
              </Tooltip>
            ) : (
              'Manual'
            )}
          </div>
          <div className="environment-feature__description">{f.description}</div>
        </div>
      ),
    },
    {
      title: 'Antes / Depois',
      key: 'previews',
      width: 168,
      render: (_v, f) => <ProposalPreviews feature={f} />,
    },
    {
      title: 'Situação',
      key: 'status',
      width: 140,
      render: (_v, f) => (
        <span>
          <Tag color={STATUS[f.review_status].color}>{STATUS[f.review_status].text}</Tag>
          {f.reject_reason && <div className="environment-reason">{f.reject_reason}</div>}
          {f.reviewed_by && f.review_status !== 'pending' && (
            <div className="environment-reason">
              {f.reviewed_by}, {f.reviewed_at}
            </div>
          )}
        </span>
      ),
    },
    ...(isAdmin
      ? [
          {
            title: 'Ações',
            key: 'actions',
            width: 96,
            render: (_v: unknown, f: EnvironmentFeature) =>
              f.review_status === 'pending' ? (
                <Space direction="vertical" size={4}>
                  <Button size="small" type="primary" block onClick={() => onApprove(f)}>
                    Aprovar
                  </Button>
                  <Button size="small" danger block onClick={() => onReject(f)}>
                    Rejeitar
                  </Button>
                  <Button size="small" block onClick={() => onEdit(f)}>
                    Editar
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <div ref={container}>
      <Table<EnvironmentFeature>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={features}
        columns={columns}
        pagination={false}
        locale={{ emptyText: MAP_MESSAGES.noRecords }}
        aria-label="Detecções da análise"
        rowClassName={(f) =>
          `environment-row--pickable${f.id === selectedId ? ' environment-row--selected' : ''}`
        }
        onRow={(f) => ({ onClick: () => onSelect(f) })}
      />
    </div>
  );
}
