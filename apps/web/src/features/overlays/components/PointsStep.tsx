import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { StyleSpecification } from 'maplibre-gl';
import type { OverlayFile } from '@mirante/shared';
import { isComplete, pointLabel, type DraftPoint } from '../model/controlPoints';
import { PlanImagePane } from './PlanImagePane';
import { PointMap } from './PointMap';

export interface PointsStepProps {
  /** The point this step marks: 0 for A, 1 for B (further points are added in B's step). */
  step: 0 | 1;
  active: number;
  onActive(index: number): void;
  points: readonly DraftPoint[];
  residuals: readonly number[] | null;
  fitError: string | null;
  plan: OverlayFile;
  planSrc: string;
  siteStyle: StyleSpecification;
  bounds: [[number, number], [number, number]];
  onMap(index: number, position: { lng: number; lat: number }): void;
  onImage(index: number, position: { x: number; y: number }): void;
  onClear(index: number): void;
  onAdd(): void;
  onOutside(message: string): void;
}

const formatMetres = (value: number) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} m`;

/**
 * Steps 2 and 3: the same place marked on the map (left) and on the plan (right). In B's step further points
 * may be added (a least-squares fit, each point's residual in metres, as QGIS's georeferencer shows).
 */
export function PointsStep(props: PointsStepProps) {
  const { step, active, points, plan } = props;
  const shownCount = step === 0 ? 1 : Math.max(2, points.length);
  const shown = Array.from({ length: shownCount }, (_, index) => ({ index, point: points[index] ?? {} }));
  const marks = shown.filter(({ point }) => point.map || point.image);
  const label = pointLabel(active);
  return (
    <div className="overlay-points" data-testid={`overlay-step-point-${pointLabel(step)}`}>
      <Typography.Paragraph className="overlay-points__hint">
        Marque o ponto <b>{label}</b> no mapa e o mesmo lugar na planta (roda do mouse aproxima a planta).
      </Typography.Paragraph>
      <div className="overlay-points__panes">
        <PointMap
          testId="overlay-point-map"
          style={props.siteStyle}
          bounds={props.bounds}
          marks={marks.flatMap(({ index, point }) =>
            point.map ? [{ label: pointLabel(index), ...point.map, active: index === active }] : [],
          )}
          onMark={(position) => props.onMap(active, position)}
        />
        <PlanImagePane
          src={props.planSrc}
          size={plan}
          marks={marks.flatMap(({ index, point }) =>
            point.image ? [{ label: pointLabel(index), ...point.image, active: index === active }] : [],
          )}
          onMark={(position) => props.onImage(active, position)}
          onOutside={props.onOutside}
        />
      </div>
      <Table
        size="small"
        pagination={false}
        rowKey="index"
        dataSource={shown}
        onRow={({ index }) => ({ onClick: () => props.onActive(index) })}
        rowClassName={({ index }) => (index === active ? 'overlay-points__active' : '')}
        columns={[
          {
            title: 'Ponto',
            render: (_, { index }) => (
              <Tag color={index === active ? 'red' : 'default'}>{pointLabel(index)}</Tag>
            ),
          },
          {
            title: 'Mapa',
            render: (_, { point }) =>
              point.map ? `${point.map.lat.toFixed(6)}, ${point.map.lng.toFixed(6)}` : '—',
          },
          {
            title: 'Planta (px)',
            render: (_, { point }) =>
              point.image ? `${Math.round(point.image.x)}, ${Math.round(point.image.y)}` : '—',
          },
          {
            title: 'Resíduo',
            render: (_, { index, point }) =>
              isComplete(point) && props.residuals?.[index] !== undefined
                ? formatMetres(props.residuals[index]!)
                : '—',
          },
          {
            title: '',
            render: (_, { index, point }) =>
              (point.map || point.image) && (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Limpar ponto ${pointLabel(index)}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    props.onClear(index);
                  }}
                />
              ),
          },
        ]}
      />
      <Space className="overlay-points__footer">
        {step === 1 && (
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden />}
            disabled={!points.slice(0, 2).every(isComplete) || points.length >= 20}
            onClick={props.onAdd}
          >
            Adicionar ponto
          </Button>
        )}
        {props.fitError && <Alert type="warning" showIcon message={props.fitError} />}
      </Space>
    </div>
  );
}
