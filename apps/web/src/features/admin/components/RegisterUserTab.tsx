import { Button, Checkbox, Form, Select } from 'antd';
import { SECURITY_MESSAGES, type UserType } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useRegisterUser } from '../../security/api';
import { UserFormFields, type UserFormValues } from '../../security/components/UserFormFields';
import { errorText } from '../../security/errorText';
import { useFeedback } from '../../../shared/feedback/useFeedback';

interface Values extends UserFormValues {
  userType?: UserType;
  sendMail: boolean;
}

const USER_TYPE_OPTIONS = [
  { value: 'CLIENT', label: 'Cliente' },
  { value: 'TRIAL', label: 'Teste (trial)' },
];

/** 'Cadastrar usuário' of the admin panel: the security form plus user type and the e-mail choice. */
export function RegisterUserTab() {
  const credentials = useCredentials();
  const [form] = Form.useForm<Values>();
  const message = useFeedback();
  const register = useRegisterUser();

  const submit = (values: Values) =>
    register.mutate(values, {
      onSuccess: () => {
        void message.success(SECURITY_MESSAGES.registered);
        form.resetFields();
      },
      onError: (error) => void message.error(errorText(error, SECURITY_MESSAGES.registerFailed)),
    });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ projects: [], sendMail: true }}
      onFinish={submit}
      className="admin-form"
      aria-label="Cadastrar usuário"
    >
      <UserFormFields credentials={credentials} />
      <Form.Item
        label="Tipo de usuário"
        name="userType"
        rules={[{ required: true, message: SECURITY_MESSAGES.userTypeRequired }]}
      >
        <Select placeholder="Selecione o tipo" options={USER_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="sendMail" valuePropName="checked">
        <Checkbox>Enviar e-mail de definição de senha</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={register.isPending}>
        Cadastrar
      </Button>
    </Form>
  );
}
