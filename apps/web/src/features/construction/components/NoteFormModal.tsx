import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import {
  NOTE_LIMITS,
  NOTE_MESSAGES,
  NOTE_TYPE_LABELS,
  NOTE_TYPES,
  type Inspection,
  type Note,
  type NoteGeometry,
  type NoteType,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useProjectScenes } from '../../map/api';
import { useInspections, useNoteCategories, useSaveNote } from '../api';
import { measureLabel, measureShape } from '../noteMeasure';
import { NEW_CATEGORY, NoteCategoryFields } from './NoteCategoryFields';
import { NoteDrawMap } from './NoteDrawMap';
import { VolumePanel } from './VolumePanel';

export interface NoteFormModalProps {
  inspection: Inspection;
  /** The note to change; null: a new one. */
  note: Note | null;
  onClose(): void;
}

interface Values {
  name?: string;
  date?: Dayjs;
  description?: string;
  category?: number | typeof NEW_CATEGORY;
  categoryName?: string;
  categoryColor?: string;
  noteType?: NoteType;
  volume?: number | null;
}

const required = [{ required: true, whitespace: true, message: NOTE_MESSAGES.required }];
const DRAW_MODE = { polygon: 'polygon', line: 'linestring', marker: 'point' } as const;

/** The new-note modal: fields, a drawing map, the measure read from the drawing, the volume. */
export function NoteFormModal({ inspection, note, onClose }: NoteFormModalProps) {
  const project = useCurrentProject();
  const { api_token: apiToken } = useCredentials();
  const message = useFeedback();
  const [form] = Form.useForm<Values>();
  const categories = useNoteCategories(project.id);
  const scenes = useProjectScenes(project.id);
  const save = useSaveNote(project.id);
  const inspections = useInspections(project.id);
  const withDsm = (inspections.data ?? []).filter((item) => item.hasDsm && item.id !== inspection.id);
  const [shape, setShape] = useState<NoteGeometry | null>(note?.geoJsonData ?? null);
  const noteType = Form.useWatch('noteType', form) ?? note?.note_type;
  const scene = scenes.data?.find((item) => item.id === inspection.scene_id) ?? null;

  // The validation rules: a new drawing resets the volume to 0.
  const onShape = useCallback(
    (geometry: NoteGeometry) => {
      setShape(geometry);
      form.setFieldValue('volume', 0);
      void form.validateFields(['shape']);
    },
    [form],
  );

  const submit = (values: Values) => {
    if (!shape || !values.noteType) return;
    const category =
      values.category === NEW_CATEGORY
        ? { categoryName: values.categoryName ?? '', categoryColor: values.categoryColor ?? '' }
        : { categoryId: values.category };
    save.mutate(
      {
        name: values.name ?? '',
        date: (values.date ?? dayjs()).format('YYYY-MM-DD'),
        description: values.description ?? '',
        ...category,
        noteType: values.noteType,
        layer: DRAW_MODE[values.noteType],
        volume: values.volume ?? 0,
        inspectionId: inspection.id,
        layerGeojson: shape,
        ...(note ? { noteId: note.id } : {}),
      },
      {
        onSuccess: () => {
          void message.success(note ? NOTE_MESSAGES.updated : NOTE_MESSAGES.created);
          onClose();
        },
        onError: (error) => void message.error(`${NOTE_MESSAGES.createFailed} ${error.message}`),
      },
    );
  };

  const measure = measureShape(shape);
  return (
    <Modal
      open
      width={1040}
      title={note ? 'Alterar anotação' : 'Nova anotação'}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      // Near the top, so that the body's full height (with the volume panel) leaves the footer on a 768 px screen.
      style={{ top: 24 }}
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' } }}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        aria-label="Anotação"
        onFinish={submit}
        onFinishFailed={() => void message.warning(NOTE_MESSAGES.checkRequired)}
        initialValues={{
          name: note?.name,
          date: note ? dayjs(note.date) : dayjs(),
          description: note?.description,
          category: note?.category_id,
          categoryColor: '#1f7a4d',
          noteType: note?.note_type,
          volume: note?.volume ?? 0,
        }}
        onValuesChange={(changed: Values) => {
          // The validation rules: changing the note type clears the drawn shape.
          if ('noteType' in changed) {
            setShape(null);
            form.setFieldValue('volume', 0);
          }
        }}
      >
        <div className="note-form">
          <div className="note-form__fields">
            <div style={{ display: 'flex', gap: 12 }}>
              <Form.Item name="name" label="Nome" rules={required} style={{ flex: 2 }}>
                <Input maxLength={NOTE_LIMITS.name} showCount />
              </Form.Item>
              <Form.Item
                name="date"
                label="Data"
                rules={[{ required: true, message: NOTE_MESSAGES.required }]}
                style={{ flex: 1 }}
              >
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </div>
            <Form.Item name="description" label="Descrição" rules={required}>
              <Input.TextArea maxLength={NOTE_LIMITS.description} showCount rows={2} />
            </Form.Item>
            {categories.isError && (
              <Alert
                type="error"
                showIcon
                message={`${NOTE_MESSAGES.categoriesLoadFailed} ${categories.error.message}`}
              />
            )}
            <NoteCategoryFields categories={categories.data ?? []} loading={categories.isPending} />
            <Form.Item
              name="noteType"
              label="Tipo da anotação"
              rules={[{ required: true, message: NOTE_MESSAGES.required }]}
            >
              <Radio.Group
                optionType="button"
                options={NOTE_TYPES.map((type) => ({ value: type, label: NOTE_TYPE_LABELS[type] }))}
              />
            </Form.Item>
            <div style={{ display: 'flex', gap: 12 }}>
              <Form.Item label={measureLabel(noteType)} style={{ flex: 1 }}>
                <Input
                  readOnly
                  aria-label={measureLabel(noteType)}
                  value={measure === null ? '' : measure.toFixed(2).replace('.', ',')}
                />
              </Form.Item>
              <Form.Item name="volume" label="Volume (m³)" style={{ flex: 1 }}>
                <InputNumber
                  min={0}
                  step={0.01}
                  precision={2}
                  decimalSeparator=","
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </div>
            {noteType === 'polygon' && inspection.hasDsm && (
              <VolumePanel
                inspection={inspection}
                shape={shape}
                others={withDsm}
                onMeasured={(volume) => form.setFieldValue('volume', volume)}
              />
            )}
          </div>
          <div className="note-form__map">
            <Form.Item
              name="shape"
              label="Desenho"
              rules={[
                {
                  validator: () =>
                    shape ? Promise.resolve() : Promise.reject(new Error(NOTE_MESSAGES.required)),
                },
              ]}
            >
              <NoteDrawMap
                scene={scene}
                bounds={scene?.bounds ?? project.bounds}
                apiToken={apiToken}
                noteType={noteType}
                initial={noteType === note?.note_type ? (note?.geoJsonData ?? null) : null}
                onShape={onShape}
              />
            </Form.Item>
          </div>
        </div>
      </Form>
    </Modal>
  );
}
