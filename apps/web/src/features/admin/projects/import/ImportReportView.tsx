import { Alert, Descriptions, Statistic, Table, Tag, type StatisticProps } from 'antd';
import { LAYER_TYPE_LABELS, type ImportProblem, type LayerImportReport } from '@mirante/shared';
import { IMPORT_TEXTS } from './texts';

const FORMAT_LABELS: Record<LayerImportReport['format'], string> = {
  geojson: 'GeoJSON',
  shapefile: 'Shapefile',
  kml: 'KML',
  kmz: 'KMZ',
  dxf: 'DXF',
};

const CRS_SOURCES: Record<LayerImportReport['crs']['source'], string> = {
  file: 'do arquivo',
  field: 'escolhido',
  default: 'padrão GeoJSON',
};

/** A count as a Brazilian reads it: '1.043', not antd's default '1,043'. */
const count = (value: number) => value.toLocaleString('pt-BR');
const grouped: StatisticProps['formatter'] = (value) => count(Number(value));

/** The counts of a dry run or an import. */
export function ImportCounts({ report }: { report: LayerImportReport }) {
  return (
    <div className="layer-import__counts" data-testid="import-counts">
      <Statistic title="Feições" value={report.featureCount} formatter={grouped} />
      <Statistic title="Válidas" value={report.validCount} formatter={grouped} />
      <Statistic
        title="Inválidas"
        value={report.invalidCount}
        formatter={grouped}
        styles={{ content: report.invalidCount > 0 ? { color: '#e03131' } : {} }}
      />
      <Statistic title="Lotes novos" value={report.lots.created} formatter={grouped} />
      <Statistic title="Lotes atualizados" value={report.lots.updated} formatter={grouped} />
      <Statistic title="Lotes sem correspondência" value={report.lots.unmatched} formatter={grouped} />
    </div>
  );
}

/** Format, CRS, counts per type and what is derived. */
export function ImportDetails({ report }: { report: LayerImportReport }) {
  return (
    <Descriptions size="small" column={2} bordered className="layer-import__details">
      <Descriptions.Item label="Formato">{FORMAT_LABELS[report.format]}</Descriptions.Item>
      <Descriptions.Item label="Sistema de coordenadas">
        {/* A .prj's WKT may name its CRS without an EPSG code. */}
        {report.crs.epsg !== null && `EPSG:${report.crs.epsg} · `}
        {report.crs.name} ({CRS_SOURCES[report.crs.source]})
      </Descriptions.Item>
      <Descriptions.Item label="Por tipo" span={2}>
        {report.counts.map((type) => (
          <Tag key={type.type}>
            {LAYER_TYPE_LABELS[type.type]}: {count(type.total)}
            {type.invalid > 0 ? ` (${count(type.invalid)} inválidas)` : ''}
          </Tag>
        ))}
      </Descriptions.Item>
      <Descriptions.Item label="Derivados" span={2}>
        {[
          report.derived.boundary ? 'contorno do projeto' : null,
          report.derived.blocks > 0 ? `${count(report.derived.blocks)} quadras` : null,
          report.derived.stages > 0 ? `${count(report.derived.stages)} etapas` : null,
        ]
          .filter(Boolean)
          .join(', ') || 'nada'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Every problem with its feature, severity and message (the map rings those with a location). */
export function ImportProblemsTable({
  problems,
  total,
}: {
  problems: readonly ImportProblem[];
  total: number;
}) {
  if (problems.length === 0) return <Alert type="success" showIcon title={IMPORT_TEXTS.noProblems} />;
  return (
    <>
      {total > problems.length && (
        <Alert
          type="info"
          showIcon
          title={`Mostrando ${count(problems.length)} de ${count(total)} problemas.`}
        />
      )}
      <Table<ImportProblem>
        rowKey={(problem) => `${problem.code}-${problem.index ?? 'x'}-${problem.message}`}
        size="small"
        pagination={false}
        scroll={{ y: 220 }}
        dataSource={[...problems]}
        aria-label="Problemas da importação"
        columns={[
          {
            title: 'Feição',
            key: 'feature',
            width: 90,
            render: (_value, problem) =>
              problem.index === null ? '—' : (problem.featureId ?? `#${problem.index + 1}`),
          },
          {
            title: 'Gravidade',
            dataIndex: 'severity',
            width: 100,
            render: (severity: ImportProblem['severity']) =>
              severity === 'error' ? <Tag color="error">Erro</Tag> : <Tag color="warning">Aviso</Tag>,
          },
          { title: 'Problema', dataIndex: 'message' },
        ]}
      />
    </>
  );
}
