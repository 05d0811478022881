import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Result, Select, Space, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  LAYER_IMPORT_FIELDS,
  LAYER_TYPE_LABELS,
  LAYER_TYPES,
  type ImportProblem,
  type LayerImportMapping,
  type LayerImportReport,
  type LayerType,
  type RegisteredProject,
} from '@mirante/shared';
import { isApiError } from '../../../../shared/api/ApiError';
import { useProjectContext } from '../../../projects/ProjectContext';
import { homePathFor } from '../../../projects/selection';
import { serverReason } from '../../messages';
import { useLayerImport, type LayerImportRequest } from './api';
import { crsOptions, COMMON_CRS } from './crsOptions';
import { ImportPreviewMap } from './ImportPreviewMap';
import { ImportCounts, ImportDetails, ImportProblemsTable } from './ImportReportView';
import { FIELD_LABELS, IMPORT_TEXTS } from './texts';

const ACCEPT = '.geojson,.json,.zip,.kml,.kmz,.dxf,.dwg';
const NONE = '';
const typeOptions = LAYER_TYPES.map((type) => ({ value: type, label: LAYER_TYPE_LABELS[type] }));

/** What an import wrote, in one paragraph. */
function importSummary(report: LayerImportReport): string {
  const derived = [
    report.derived.boundary ? ' O contorno do projeto foi derivado dos lotes.' : '',
    report.derived.blocks > 0 ? ` ${report.derived.blocks} quadras geradas.` : '',
    report.derived.stages > 0 ? ` ${report.derived.stages} etapas geradas.` : '',
  ].join('');
  return (
    `${report.lots.created} lotes novos, ${report.lots.updated} atualizados, ${report.otherLayersCreated} outras ` +
    `camadas; ${report.lots.unmatched} lotes antigos sem correspondência foram mantidos.${derived}`
  );
}

interface Refusal {
  message: string;
  problems: ImportProblem[];
}

/**
 * The layer import screen of a project: upload, CRS and attribute mapping, a dry run shown on a map with its
 * problems and counts, then the import itself (all-or-nothing unless invalid features are skipped).
 */
export function LayerImportScreen({ project }: { project: RegisteredProject }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { selectProject } = useProjectContext();
  const run = useLayerImport();
  const [file, setFile] = useState<File | null>(null);
  const [epsg, setEpsg] = useState<number | null>(null);
  const [crsSearch, setCrsSearch] = useState('');
  const [defaultType, setDefaultType] = useState<LayerType>('LOT');
  const [mapping, setMapping] = useState<LayerImportMapping | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [keepDuplicates, setKeepDuplicates] = useState(false);
  const [deriveBlocks, setDeriveBlocks] = useState(false);
  const [deriveStages, setDeriveStages] = useState(false);
  const [preview, setPreview] = useState<LayerImportReport | null>(null);
  const [imported, setImported] = useState<LayerImportReport | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const reset = (next: File | null) => {
    setFile(next);
    setMapping(null);
    setPreview(null);
    setImported(null);
    setRefusal(null);
  };

  const request = (dryRun: boolean): LayerImportRequest | null =>
    file && {
      projectId: project.id,
      file,
      epsg,
      defaultType,
      mapping,
      dryRun,
      skipInvalid,
      keepDuplicates,
      deriveBlocks,
      deriveStages,
    };

  const submit = (dryRun: boolean) => {
    const body = request(dryRun);
    if (!body) return void message.warning(IMPORT_TEXTS.fileRequired);
    setRefusal(null);
    run.mutate(body, {
      onSuccess: (report) => {
        if (report.imported) {
          setImported(report);
          void message.success(IMPORT_TEXTS.imported);
        } else {
          setPreview(report);
          setMapping((current) => current ?? report.mapping);
        }
      },
      onError: (error) =>
        setRefusal({
          message: `${dryRun ? IMPORT_TEXTS.previewFailed : IMPORT_TEXTS.importFailed} ${serverReason(error)}`,
          problems: isApiError(error) ? error.problems : [],
        }),
    });
  };

  const openMap = () => {
    selectProject(project.id);
    navigate(homePathFor(project.projectType));
  };

  if (imported) {
    return (
      <Result
        status="success"
        title={IMPORT_TEXTS.imported}
        subTitle={importSummary(imported)}
        extra={[
          <Button
            key="next"
            type="primary"
            onClick={() => void navigate(`/page/admin?aba=scene&projeto=${project.id}`)}
          >
            {IMPORT_TEXTS.nextImage}
          </Button>,
          <Button key="map" onClick={openMap}>
            {IMPORT_TEXTS.openMap}
          </Button>,
          <Button key="again" onClick={() => reset(null)}>
            Importar outro arquivo
          </Button>,
        ]}
      >
        <ImportCounts report={imported} />
      </Result>
    );
  }

  const shownProblems = refusal?.problems.length ? refusal.problems : (preview?.problems ?? []);
  const blockedByInvalid = preview !== null && preview.invalidCount > 0 && !skipInvalid;

  return (
    <div className="layer-import">
      <Form layout="vertical" className="layer-import__form" aria-label="Importar lotes">
        <Form.Item label="Arquivo" required extra={IMPORT_TEXTS.fileHint}>
          <Upload.Dragger
            accept={ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              reset(chosen);
              return false;
            }}
            onRemove={() => reset(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">Clique ou arraste o arquivo de lotes</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item label="Sistema de coordenadas (EPSG)" extra={IMPORT_TEXTS.crsHelp}>
          <Select<number | typeof NONE>
            aria-label="Sistema de coordenadas"
            value={epsg ?? NONE}
            showSearch={{ filterOption: false, onSearch: setCrsSearch }}
            onChange={(value) => setEpsg(value === NONE ? null : value)}
            options={[{ value: NONE, label: IMPORT_TEXTS.crsAuto }, ...crsOptions(crsSearch)].filter(
              (option) =>
                !crsSearch ||
                option.label.toLowerCase().includes(crsSearch.toLowerCase()) ||
                !COMMON_CRS.some((crs) => crs.epsg === option.value),
            )}
          />
        </Form.Item>
        <Form.Item label="Tipo das feições sem coluna de tipo">
          <Select<LayerType> value={defaultType} onChange={setDefaultType} options={typeOptions} showSearch />
        </Form.Item>
        {preview && mapping && (
          <fieldset className="layer-import__mapping">
            <legend>Mapeamento de atributos</legend>
            <p className="admin-muted">{IMPORT_TEXTS.mappingHelp}</p>
            {LAYER_IMPORT_FIELDS.map((field) => (
              <Form.Item key={field} label={FIELD_LABELS[field]}>
                <Select<string>
                  aria-label={`Coluna de ${FIELD_LABELS[field]}`}
                  value={mapping[field] ?? NONE}
                  onChange={(column) => setMapping({ ...mapping, [field]: column === NONE ? null : column })}
                  options={[
                    { value: NONE, label: '(não ler)' },
                    ...preview.columns.map((column) => ({ value: column, label: column })),
                  ]}
                />
              </Form.Item>
            ))}
          </fieldset>
        )}
        <Space direction="vertical" size={4} className="layer-import__flags">
          <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)}>
            Ignorar feições inválidas (importar só as válidas)
          </Checkbox>
          <Checkbox checked={keepDuplicates} onChange={(e) => setKeepDuplicates(e.target.checked)}>
            Manter lotes repetidos (código ou número com sufixo -2, -3…; cada conflito listado)
          </Checkbox>
          <Checkbox checked={deriveBlocks} onChange={(e) => setDeriveBlocks(e.target.checked)}>
            Gerar as quadras a partir dos lotes
          </Checkbox>
          <Checkbox checked={deriveStages} onChange={(e) => setDeriveStages(e.target.checked)}>
            Gerar as etapas a partir dos lotes
          </Checkbox>
        </Space>
        <Space className="layer-import__actions">
          <Button
            onClick={() => submit(true)}
            loading={run.isPending && run.variables?.dryRun}
            disabled={!file}
          >
            {preview ? IMPORT_TEXTS.refresh : IMPORT_TEXTS.preview}
          </Button>
          <Button
            type="primary"
            onClick={() => submit(false)}
            loading={run.isPending && run.variables?.dryRun === false}
            disabled={!preview || run.isPending}
          >
            {IMPORT_TEXTS.confirm}
          </Button>
        </Space>
      </Form>
      <div className="layer-import__result" aria-live="polite">
        {refusal && <Alert type="error" showIcon title={refusal.message} />}
        {preview && (
          <>
            <Alert type="info" showIcon title={IMPORT_TEXTS.dryRunNote} />
            {blockedByInvalid && <Alert type="warning" showIcon title={IMPORT_TEXTS.invalidBlocks} />}
            <ImportCounts report={preview} />
            <ImportPreviewMap report={preview} problems={shownProblems} />
            <ImportDetails report={preview} />
          </>
        )}
        {(preview || refusal) && (
          <ImportProblemsTable
            problems={shownProblems}
            total={preview?.problemCount ?? shownProblems.length}
          />
        )}
        {!preview && !refusal && (
          <div className="layer-import__empty admin-muted">
            Escolha o arquivo e clique em “{IMPORT_TEXTS.preview}” para ver os lotes no mapa antes de
            importar.
          </div>
        )}
      </div>
    </div>
  );
}
