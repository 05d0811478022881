import { UploadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Upload, notification, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MAP_MESSAGES, OBSERVATION_LIMITS } from '@mirante/shared';
import { ApiError } from '../../../../shared/api/ApiError';
import { useCreateObservation } from '../../api';

interface Values {
  date: Dayjs;
  description: string;
  images?: UploadFile[];
}

const isImage = (file: UploadFile) => (file.type ?? '').startsWith('image/');

/** New observation: date (required, not future, default today), description (≤255), up to 10 images of 50 MB. */
export function ObservationForm({ layerId, onSaved }: { layerId: number; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateObservation(layerId);

  const submit = async (values: Values) => {
    try {
      await create.mutateAsync({
        date: values.date.format('YYYY-MM-DD'),
        description: values.description.trim(),
        images: (values.images ?? []).flatMap((file) => (file.originFileObj ? [file.originFileObj] : [])),
      });
      notification.success({ message: MAP_MESSAGES.obsCreated });
      form.resetFields();
      onSaved();
    } catch (error) {
      notification.error({
        message: MAP_MESSAGES.obsSaveFailed,
        description: error instanceof ApiError ? error.message : MAP_MESSAGES.requestFailed,
      });
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ date: dayjs() }} onFinish={(v) => void submit(v)}>
      <Form.Item name="date" label="Data" rules={[{ required: true, message: MAP_MESSAGES.obsDateRequired }]}>
        <DatePicker
          format="DD/MM/YYYY"
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          allowClear={false}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label="Descrição"
        rules={[
          { required: true, whitespace: true, message: MAP_MESSAGES.obsDescriptionRequired },
          { max: OBSERVATION_LIMITS.descriptionMax, message: MAP_MESSAGES.obsDescriptionMax },
        ]}
      >
        <Input.TextArea rows={3} showCount maxLength={OBSERVATION_LIMITS.descriptionMax} />
      </Form.Item>
      <Form.Item
        name="images"
        label="Imagens"
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
        rules={[
          {
            validator: async (_rule, files: UploadFile[] | undefined) => {
              const list = files ?? [];
              if (list.length > OBSERVATION_LIMITS.maxImages) throw new Error(MAP_MESSAGES.obsTooManyImages);
              if (list.some((file) => (file.size ?? 0) > OBSERVATION_LIMITS.maxImageBytes))
                throw new Error(MAP_MESSAGES.obsImageTooLarge);
              if (list.some((file) => !isImage(file))) throw new Error(MAP_MESSAGES.obsImagesOnly);
            },
          },
        ]}
      >
        <Upload accept="image/*" multiple listType="picture" beforeUpload={() => false}>
          <Button icon={<UploadOutlined aria-hidden />}>Adicionar imagens</Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Salvar observação
      </Button>
    </Form>
  );
}
