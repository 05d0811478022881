import { Button, Form, Input, InputNumber, Select } from 'antd';
import {
  ACCESS_TOKEN_MAX_DAYS,
  ACCESS_TOKEN_MESSAGES,
  DEFAULT_TEXT_MAX,
  type CreatedAccessToken,
} from '@mirante/shared';
import { useUsers } from '../../security/api';
import { serverReason } from '../messages';
import { useCreateAccessLink, type CreateAccessLinkBody } from './api';
import { ACCESS_LINK_TEXTS } from './texts';
import { useFeedback } from '../../../shared/feedback/useFeedback';

interface Values {
  user_id?: number;
  description: string;
  valid_days?: number | null;
}

/** The form that creates a sign-in link for any user; `onCreated` receives the link, shown only once. */
export function CreateAccessLinkForm({ onCreated }: { onCreated(link: CreatedAccessToken): void }) {
  const [form] = Form.useForm<Values>();
  const message = useFeedback();
  const users = useUsers();
  const create = useCreateAccessLink();

  const userOptions = (users.data ?? []).map((user) => ({
    value: user.id,
    label: `${user.name} (${user.email}) · ${user.customer}`,
  }));

  const submit = (values: Values) => {
    const body: CreateAccessLinkBody = {
      user_id: values.user_id ?? 0,
      description: values.description,
      ...(values.valid_days ? { valid_days: values.valid_days } : {}),
    };
    create.mutate(body, {
      onSuccess: (link) => {
        void message.success(ACCESS_LINK_TEXTS.created);
        form.resetFields();
        onCreated(link);
      },
      onError: (error) => void message.error(`${ACCESS_LINK_TEXTS.createFailed} ${serverReason(error)}`),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      className="admin-form"
      aria-label="Criar link de acesso"
    >
      <Form.Item
        label="Usuário"
        name="user_id"
        rules={[{ required: true, message: ACCESS_TOKEN_MESSAGES.userRequired }]}
        {...(users.isError
          ? { validateStatus: 'error' as const, help: ACCESS_LINK_TEXTS.usersLoadFailed }
          : {})}
      >
        <Select
          placeholder="Busque pelo nome ou e-mail"
          showSearch={{ optionFilterProp: 'label' }}
          loading={users.isLoading}
          options={userOptions}
        />
      </Form.Item>
      <Form.Item
        label="Descrição"
        name="description"
        rules={[{ required: true, whitespace: true, message: ACCESS_TOKEN_MESSAGES.descriptionRequired }]}
      >
        <Input maxLength={DEFAULT_TEXT_MAX} placeholder="Ex.: Corretor do loteamento" />
      </Form.Item>
      <Form.Item
        label="Validade (dias)"
        name="valid_days"
        extra="Em branco: a validade padrão da instalação."
      >
        <InputNumber min={1} max={ACCESS_TOKEN_MAX_DAYS} precision={0} placeholder="Padrão" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Criar link
      </Button>
    </Form>
  );
}
