import { Button, Form, Input, InputNumber } from 'antd';
import {
  GIS_KEY_DEFAULT_DAYS,
  GIS_KEY_MAX_DAYS,
  createGisKeySchema,
  type CreatedGisKey,
} from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { serverReason } from '../../admin/messages';
import { useCreateGisKey } from '../api';
import { GIS_KEY_TEXTS } from '../texts';

interface Values {
  name: string;
  expires_in_days: number;
}

/** Name and expiry of a new key; `onCreated` receives it, shown only once. */
export function CreateGisKeyForm({ onCreated }: { onCreated(key: CreatedGisKey): void }) {
  const [form] = Form.useForm<Values>();
  const message = useFeedback();
  const create = useCreateGisKey();

  const submit = (values: Values) =>
    create.mutate(values, {
      onSuccess: (key) => {
        void message.success(GIS_KEY_TEXTS.created);
        form.resetFields();
        onCreated(key);
      },
      onError: (error) => void message.error(`${GIS_KEY_TEXTS.createFailed} ${serverReason(error)}`),
    });

  return (
    <Form<Values>
      form={form}
      layout="inline"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ expires_in_days: GIS_KEY_DEFAULT_DAYS }}
      aria-label="Criar chave de acesso GIS"
      className="gis-keys__form"
    >
      <Form.Item label="Nome" name="name" rules={[zodRule(createGisKeySchema, 'name')]}>
        <Input maxLength={100} placeholder="Ex.: QGIS do escritório" style={{ width: 260 }} />
      </Form.Item>
      <Form.Item
        label="Validade (dias)"
        name="expires_in_days"
        rules={[zodRule(createGisKeySchema, 'expires_in_days')]}
      >
        <InputNumber min={1} max={GIS_KEY_MAX_DAYS} precision={0} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Criar chave
      </Button>
    </Form>
  );
}
