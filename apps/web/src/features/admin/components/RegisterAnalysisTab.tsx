import { useMemo } from 'react';
import { Button, Checkbox, Form, Select } from 'antd';
import { ANALYSIS_MESSAGES, type AdminScene } from '@mirante/shared';
import { errorWithReason } from '../../security/errorText';
import { useAdminScenes, useCreateAnalysis } from '../api';
import { useLoadErrorNotice } from '../useLoadErrorNotice';
import { useFeedback } from '../../../shared/feedback/useFeedback';

interface Values {
  projectId?: number;
  sceneId?: number;
  duplicateDetectAllotment: boolean;
  publishDetection: boolean;
}

const INITIAL: Partial<Values> = { duplicateDetectAllotment: false, publishDetection: false };

/** Projects that still have scenes without analysis, by name. */
function projectOptions(scenes: AdminScene[]) {
  const byId = new Map<number, string>();
  for (const scene of scenes) byId.set(scene.project_id, `${scene.project_id} - ${scene.project_name}`);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** 'Cadastrar análise': a project having scenes without analysis, then one of its scenes. */
export function RegisterAnalysisTab() {
  const [form] = Form.useForm<Values>();
  const message = useFeedback();
  const scenes = useAdminScenes(true);
  const create = useCreateAnalysis();
  const projectId = Form.useWatch('projectId', form);
  useLoadErrorNotice(scenes.error);

  const projects = useMemo(() => projectOptions(scenes.data ?? []), [scenes.data]);
  const sceneOptions = (scenes.data ?? [])
    .filter((scene) => scene.project_id === projectId)
    .map((scene) => ({ value: scene.id, label: scene.date_formatted }));

  const submit = (values: Values) =>
    create.mutate(values, {
      onSuccess: () => {
        void message.success(ANALYSIS_MESSAGES.created);
        form.resetFields();
      },
      onError: (error) => void message.error(errorWithReason(error, ANALYSIS_MESSAGES.createFailed)),
    });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={INITIAL}
      onFinish={submit}
      onValuesChange={(changed: Partial<Values>) => {
        if ('projectId' in changed) form.setFieldValue('sceneId', undefined);
      }}
      className="admin-form"
      aria-label="Cadastrar análise"
    >
      <Form.Item
        label="Projeto"
        name="projectId"
        rules={[{ required: true, message: ANALYSIS_MESSAGES.projectRequired }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Selecione o projeto"
          options={projects}
          loading={scenes.isLoading}
          notFoundContent="Nenhum projeto com imagens sem análise."
        />
      </Form.Item>
      <Form.Item
        label="Imagem"
        name="sceneId"
        rules={[{ required: true, message: ANALYSIS_MESSAGES.sceneRequired }]}
      >
        <Select
          placeholder={projectId === undefined ? 'Escolha o projeto primeiro' : 'Selecione a imagem'}
          options={sceneOptions}
          disabled={projectId === undefined}
        />
      </Form.Item>
      <Form.Item name="duplicateDetectAllotment" valuePropName="checked">
        <Checkbox>Duplicar as detecções do loteamento da análise anterior</Checkbox>
      </Form.Item>
      <Form.Item name="publishDetection" valuePropName="checked">
        <Checkbox>Publicar análise</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Cadastrar
      </Button>
    </Form>
  );
}
