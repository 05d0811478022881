import { Form, Modal, Select } from 'antd';
import { ENVIRONMENT_MESSAGES, type Scene } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useNewAnalysis } from '../api';
import { afterSceneOptions, chronological } from '../newAnalysisRules';

interface Values {
  before?: number;
  after?: number;
}

export interface NewAnalysisModalProps {
  projectId: number;
  scenes: readonly Scene[];
  /** The analysis just made (the detector runs on it): the page shows it. */
  onCreated(detectId: number): void;
  onClose(): void;
}

const options = (scenes: readonly Scene[]) =>
  chronological(scenes).map((scene) => ({ value: scene.id, label: scene.dateFormatted }));

/** 'Nova Análise': both scenes required, the after later; choosing the before resets the after. */
export function NewAnalysisModal({ projectId, scenes, onCreated, onClose }: NewAnalysisModalProps) {
  const [form] = Form.useForm<Values>();
  const before = Form.useWatch('before', form);
  const create = useNewAnalysis(projectId);
  const feedback = useFeedback();

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const created = await create.mutateAsync({
        before_scene_id: values.before as number,
        after_scene_id: values.after as number,
      });
      feedback.success('Análise cadastrada com sucesso');
      onCreated(created.id);
      onClose();
    } catch (error) {
      feedback.error(`${ENVIRONMENT_MESSAGES.saveAnalysisFailed} ${(error as Error).message}`);
    }
  };

  return (
    <Modal
      open
      title="Nova Análise"
      okText="Analisar"
      cancelText="Cancelar"
      onOk={() => void submit()}
      okButtonProps={{ loading: create.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="environment-modal__hint">
        O detector compara a vegetação das duas imagens e propõe as áreas de reflorestamento e desmatamento;
        cada proposta aguarda a aprovação de um administrador.
      </p>
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(changed: Values) => {
          if ('before' in changed) form.setFieldValue('after', undefined);
        }}
      >
        <Form.Item
          name="before"
          label="Imagem anterior (Antes)"
          rules={[{ required: true, message: ENVIRONMENT_MESSAGES.beforeSceneRequired }]}
        >
          <Select placeholder="Selecione a data" options={options(scenes)} aria-label="Imagem anterior" />
        </Form.Item>
        <Form.Item
          name="after"
          label="Imagem posterior (Depois)"
          rules={[{ required: true, message: ENVIRONMENT_MESSAGES.afterSceneRequired }]}
        >
          <Select
            placeholder={before ? 'Selecione a data' : 'Escolha antes a imagem anterior'}
            disabled={!before}
            options={options(afterSceneOptions(scenes, before))}
            aria-label="Imagem posterior"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
