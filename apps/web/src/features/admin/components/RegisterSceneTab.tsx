import { useContext, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { ProjectContext } from '../../projects/ProjectContext';

/** Said after a refusal: the refused files leave the list, so the next choice is not sent with them as a mosaic. */
export const REFUSED_FILE_REMOVED = 'O arquivo recusado foi retirado da lista: escolha outro arquivo.';

/**
 * The project the form starts on: `?projeto=` (a link from the project's checklist), else the project chosen in
 * the header. An image is published unless the ADMIN unticks it: a new customer's first image is meant to be seen.
 */
function useInitialValues(): Partial<SceneFormValues> {
  const [search] = useSearchParams();
  const current = useContext(ProjectContext)?.project.id;
  const asked = Number(search.get('projeto'));
  const project = Number.isInteger(asked) && asked > 0 ? asked : current;
  return useMemo(() => ({ project, publishImage: true, file: [], model: [], dsm: [] }), [project]);
}

/** 'Cadastrar imagem': the form, the upload with its progress and then the ingest's progress. */
export function RegisterSceneTab() {
  const [form] = Form.useForm<SceneFormValues>();
  const message = useFeedback();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [upload, setUpload] = useState<UploadState | null>(null);
  const initialValues = useInitialValues();

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
      form.setFieldValue('file', []);
      void message.error(`${SCENE_MESSAGES.createFailed}: ${serverReason(error)} ${REFUSED_FILE_REMOVED}`);
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
        initialValues={initialValues}
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
