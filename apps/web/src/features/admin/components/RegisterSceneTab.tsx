import { useState } from 'react';
import { Button, Form } from 'antd';
import { ELEVATION_MESSAGES, SCENE_MESSAGES, scenesApi } from '@mirante/shared';
import { useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../shared/api/uploadWithProgress';
import { uploadDsm } from '../../construction/dsmUpload';
import { serverReason } from '../messages';
import { sceneFormData, type SceneFormValues } from '../sceneForm';
import { SceneFormFields } from './SceneFormFields';
import { SceneUploadStatus, type UploadState } from './SceneUploadStatus';
import { useFeedback } from '../../../shared/feedback/useFeedback';

const INITIAL: Partial<SceneFormValues> = { publishImage: false, file: [], model: [], dsm: [] };

/** 'Cadastrar imagem': the form, the upload with its progress and then the ingest's progress. */
export function RegisterSceneTab() {
  const [form] = Form.useForm<SceneFormValues>();
  const message = useFeedback();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [upload, setUpload] = useState<UploadState | null>(null);

  /** ★ The elevation model goes once the scene exists; refusing it leaves the scene registered. */
  const sendDsm = async (sceneId: number, file: File) => {
    const setDsm = (dsm: NonNullable<UploadState['dsm']>) =>
      setUpload((current) => current && { ...current, dsm });
    try {
      await uploadDsm(sceneId, file, (fraction) =>
        setDsm({ percent: Math.round(fraction * 100), error: null }),
      );
      void message.success(ELEVATION_MESSAGES.uploaded);
    } catch (error) {
      setDsm({ percent: 0, error: `${ELEVATION_MESSAGES.uploadFailed} ${serverReason(error)}` });
    }
  };

  const submit = async (values: SceneFormValues) => {
    setUploading(true);
    setUpload({ percent: 0, projectId: null, sceneId: null, dsm: null });
    try {
      const scene = await uploadWithProgress(scenesApi.create, sceneFormData(values), {
        onProgress: (fraction) =>
          setUpload((current) => current && { ...current, percent: Math.round(fraction * 100) }),
      });
      const dsm = values.dsm[0]?.originFileObj;
      setUpload({
        percent: 100,
        projectId: scene.projectId,
        sceneId: scene.id,
        dsm: dsm ? { percent: 0, error: null } : null,
      });
      void message.success(SCENE_MESSAGES.created);
      form.resetFields();
      if (dsm) await sendDsm(scene.id, dsm);
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
