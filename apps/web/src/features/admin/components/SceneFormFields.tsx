import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { SCENE_MESSAGES, projectDisplayName } from '@mirante/shared';
import { DSM_ACCEPT, dsmFileProblem } from '../../construction/dsmUpload';
import { useProjects } from '../../projects/api';
import {
  MAX_MOSAIC_FILES,
  MODEL_ACCEPT,
  SCENE_FILE_ACCEPT,
  fileListOf,
  isPlainImage,
  type SceneFormValues,
} from '../sceneForm';

const BOUNDS_PATTERN = /^\s*-?\d+(\.\d+)?(\s*,\s*-?\d+(\.\d+)?){3}\s*$/;

/** The fields of 'Cadastrar imagem' ("Scene"). */
export function SceneFormFields({ disabled }: { disabled: boolean }) {
  const projects = useProjects();
  const file = Form.useWatch<SceneFormValues['file'] | undefined>('file');
  const options = (projects.data ?? []).map((project) => ({
    value: project.id,
    label: projectDisplayName(project, 'ADMIN'),
  }));

  return (
    <>
      <Form.Item
        label="Data da imagem"
        name="date"
        rules={[{ required: true, message: SCENE_MESSAGES.dateRequired }]}
      >
        <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/AAAA" disabled={disabled} />
      </Form.Item>
      <Form.Item
        label="Projeto"
        name="project"
        rules={[{ required: true, message: SCENE_MESSAGES.projectRequired }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Selecione o projeto da imagem"
          options={options}
          loading={projects.isLoading}
          disabled={disabled}
        />
      </Form.Item>
      <div className="admin-form__row">
        <Form.Item label="Nuvens (%)" name="cloud">
          <InputNumber min={0} max={100} disabled={disabled} />
        </Form.Item>
        <Form.Item label="Precisão" name="precision">
          <InputNumber min={0} step={0.01} disabled={disabled} />
        </Form.Item>
      </div>
      <Form.Item name="publishImage" valuePropName="checked">
        <Checkbox disabled={disabled}>Publicar imagem</Checkbox>
      </Form.Item>
      <Form.Item
        label="Arquivo da imagem (GeoTIFF, PNG ou JPEG)"
        extra="Vários GeoTIFFs da mesma data formam um mosaico."
        name="file"
        valuePropName="fileList"
        getValueFromEvent={fileListOf}
        rules={[{ required: true, type: 'array', min: 1, message: SCENE_MESSAGES.fileRequired }]}
      >
        <Upload
          accept={SCENE_FILE_ACCEPT}
          beforeUpload={() => false}
          multiple
          maxCount={MAX_MOSAIC_FILES}
          disabled={disabled}
        >
          <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
            Escolher arquivo
          </Button>
        </Upload>
      </Form.Item>
      {isPlainImage(file) && (
        <Form.Item
          label="Limites da imagem (oeste, sul, leste, norte em graus)"
          name="bounds"
          rules={[
            { required: true, message: 'Informe os limites da imagem PNG/JPEG.' },
            { pattern: BOUNDS_PATTERN, message: 'Use "oeste,sul,leste,norte" em graus (WGS 84).' },
          ]}
        >
          <Input placeholder="-51.95,-23.45,-51.94,-23.44" disabled={disabled} />
        </Form.Item>
      )}
      <Form.Item
        label="Modelo 3D (glTF/GLB, opcional)"
        name="model"
        valuePropName="fileList"
        getValueFromEvent={fileListOf}
      >
        <Upload accept={MODEL_ACCEPT} beforeUpload={() => false} maxCount={1} disabled={disabled}>
          <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
            Escolher modelo
          </Button>
        </Upload>
      </Form.Item>
      <Form.Item
        label="Modelo de elevação (GeoTIFF de uma banda, opcional)"
        extra="Alturas em metros, em projeção métrica; permite medir volumes nas vistorias desta imagem."
        name="dsm"
        valuePropName="fileList"
        getValueFromEvent={fileListOf}
        rules={[
          {
            validator: (_rule, files: SceneFormValues['dsm'] | undefined) => {
              const chosen = files?.[0]?.originFileObj;
              const problem = chosen ? dsmFileProblem(chosen) : null;
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Upload accept={DSM_ACCEPT} beforeUpload={() => false} maxCount={1} disabled={disabled}>
          <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
            Escolher modelo de elevação
          </Button>
        </Upload>
      </Form.Item>
    </>
  );
}
