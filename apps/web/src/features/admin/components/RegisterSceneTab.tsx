import { useState } from 'react';
import { Button, Form } from 'antd';
import { SCENE_MESSAGES, scenesApi } from '@mirante/shared';
import { useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../shared/api/uploadWithProgress';
import { serverReason } from '../messages';
import { sceneFormData, type SceneFormValues } from '../sceneForm';
import { SceneFormFields } from './SceneFormFields';
import { SceneUploadStatus, type UploadState } from './SceneUploadStatus';
import { useFeedback } from '../../../shared/feedback/useFeedback';

const INITIAL: Partial<SceneFormValues> = { publishImage: false, file: [], model: [] };

/** 'Cadastrar imagem': the form, the upload with its progress and then the ingest's progress. */
export function RegisterSceneTab() {
  const [form] = Form.useForm<SceneFormValues>();
  const message = useFeedback();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [upload, setUpload] = useState<UploadState | null>(null);

  const submit = async (values: SceneFormValues) => {
    setUploading(true);
    setUpload({ percent: 0, projectId: null, sceneId: null });
    try {
      const scene = await uploadWithProgress(scenesApi.create, sceneFormData(values), {
        onProgress: (fraction) =>
          setUpload((current) => current && { ...current, percent: Math.round(fraction * 100) }),
      });
      setUpload({ percent: 100, projectId: scene.projectId, sceneId: scene.id });
      void message.success(SCENE_MESSAGES.created);
      form.resetFields();
      void client.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      setUpload(null);
      void message.error(`${SCENE_MESSAGES.createFailed}: ${serverReason(error)}`);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="admin-tab">
      <Form<SceneFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={INITIAL}
        onFinish={(values) => void submit(values)}
        className="admin-form"
        aria-label="Cadastrar imagem"
      >
        <SceneFormFields disabled={uploading} />
        <Button type="primary" htmlType="submit" loading={uploading}>
          Cadastrar
        </Button>
      </Form>
      {upload && <SceneUploadStatus state={upload} />}
    </div>
  );
}
