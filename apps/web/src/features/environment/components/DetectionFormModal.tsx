import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import {
  ENVIRONMENT_MESSAGES,
  type EnvironmentAnalysis,
  type EnvironmentFeature,
  type NoteGeometry,
  type Project,
  type Scene,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useCredentials } from '../../../shared/session/SessionContext';
import { NoteDrawMap } from '../../construction/components/NoteDrawMap';
import { measureShape } from '../../construction/noteMeasure';
import { useFeatureCategories, useSaveFeature } from '../api';
// The drawing map's own styles (its size and hint) live with it in the construction feature.
import '../../construction/construction.css';

/** A stored polygon as the drawing map's shape (lon/lat pairs). */
const asShape = (geometry: EnvironmentFeature['geojson'] | undefined): NoteGeometry | null =>
  geometry
    ? {
        type: 'Polygon',
        coordinates: geometry.coordinates.map((ring) =>
          ring.map(([x = 0, y = 0]): [number, number] => [x, y]),
        ),
      }
    : null;

interface Values {
  category_id?: number;
  area?: number;
  description?: string;
}

export interface DetectionFormModalProps {
  project: Project;
  analysis: EnvironmentAnalysis;
  afterScene: Scene | null;
  /** The proposal to edit; null: 'Nova Detecção'. */
  editing: EnvironmentFeature | null;
  onClose(): void;
}

/**
 * 'Nova Detecção': category, area and description required, the area drawn on the after scene
 * (its m² filled from the drawing); also the edit of a pending proposal (its outline kept unless redrawn).
 */
export function DetectionFormModal({
  project,
  analysis,
  afterScene,
  editing,
  onClose,
}: DetectionFormModalProps) {
  const [form] = Form.useForm<Values>();
  const categories = useFeatureCategories(true);
  const save = useSaveFeature(project.id, analysis.detectId);
  const feedback = useFeedback();
  const { api_token: apiToken } = useCredentials();
  const [shape, setShape] = useState<NoteGeometry | null>(asShape(editing?.geojson));

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({
        category_id: values.category_id as number,
        area: values.area as number,
        description: values.description ?? '',
        geojson: shape?.type === 'Polygon' ? shape : undefined,
        feature_id: editing?.id,
      });
      feedback.success(editing ? 'Detecção atualizada' : 'Detecção criada com sucesso!');
      onClose();
    } catch (error) {
      feedback.error(`${ENVIRONMENT_MESSAGES.saveDetectionFailed} ${(error as Error).message}`);
    }
  };

  return (
    <Modal
      open
      width={1000}
      title={editing ? 'Editar detecção' : 'Nova Detecção'}
      okText="Salvar"
      cancelText="Cancelar"
      onOk={() => void submit()}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {categories.isError && <p className="environment-error">{ENVIRONMENT_MESSAGES.categoriesFailed}</p>}
      <div className="environment-detection-form">
        <Form
          form={form}
          layout="vertical"
          initialValues={
            editing
              ? { category_id: editing.category_id, area: editing.area, description: editing.description }
              : {}
          }
        >
          <Form.Item
            name="category_id"
            label="Categoria"
            rules={[{ required: true, message: ENVIRONMENT_MESSAGES.categoryRequired }]}
          >
            <Select
              aria-label="Categoria"
              loading={categories.isPending}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item
            name="area"
            label="Área (m²)"
            rules={[{ required: true, message: ENVIRONMENT_MESSAGES.areaRequired }]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="Área (m²)" />
          </Form.Item>
          <Form.Item
            name="description"
            label="Descrição"
            rules={[{ required: true, whitespace: true, message: ENVIRONMENT_MESSAGES.descriptionRequired }]}
          >
            <Input.TextArea rows={4} maxLength={500} aria-label="Descrição" />
          </Form.Item>
        </Form>
        <div className="environment-detection-form__map">
          <NoteDrawMap
            scene={afterScene}
            bounds={afterScene?.bounds ?? project.bounds}
            apiToken={apiToken}
            noteType="polygon"
            initial={asShape(editing?.geojson)}
            onShape={(geometry) => {
              setShape(geometry);
              const measured = measureShape(geometry);
              if (measured) form.setFieldValue('area', Math.round(measured));
            }}
          />
        </div>
      </div>
    </Modal>
  );
}
