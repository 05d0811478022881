import { App, Form, Modal } from 'antd';
import { SECURITY_MESSAGES, type SecurityUser } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useRegisterUser, useUpdateUser } from '../api';
import { errorText, errorWithReason } from '../errorText';
import { UserFormFields, type UserFormValues } from './UserFormFields';

interface Props {
  open: boolean;
  /** null: register a new user. */
  user: SecurityUser | null;
  onClose(): void;
}

function initialValues(user: SecurityUser | null): Partial<UserFormValues> {
  if (!user) return { projects: [] };
  return {
    name: user.name,
    email: user.email,
    customer: user.customer_id,
    projects: user.projects.map((p) => p.id),
    group: user.group_id ?? undefined,
  };
}

/** 'Registrar novo usuário' / 'Editar usuário' (users created here are CLIENTs and get the e-mail). */
export function UserFormModal({ open, user, onClose }: Props) {
  const credentials = useCredentials();
  const [form] = Form.useForm<UserFormValues>();
  const { message } = App.useApp();
  const register = useRegisterUser();
  const update = useUpdateUser();

  const submit = (values: UserFormValues) => {
    if (user) {
      update.mutate(
        { id: user.id, body: { ...values, status: user.status } },
        {
          onSuccess: () => {
            void message.success(SECURITY_MESSAGES.updated);
            onClose();
          },
          onError: (error) => void message.error(errorWithReason(error, SECURITY_MESSAGES.updateFailed)),
        },
      );
      return;
    }
    register.mutate(
      { ...values, userType: 'CLIENT', sendMail: true },
      {
        onSuccess: () => {
          void message.success(SECURITY_MESSAGES.registered);
          onClose();
        },
        onError: (error) => void message.error(errorText(error, SECURITY_MESSAGES.registerFailed)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={user ? 'Editar usuário' : 'Registrar novo usuário'}
      okText={user ? 'Salvar' : 'Registrar'}
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={register.isPending || update.isPending}
      destroyOnHidden
      width={600}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={initialValues(user)}
        onFinish={submit}
        aria-label={user ? 'Editar usuário' : 'Registrar novo usuário'}
      >
        <UserFormFields credentials={credentials} />
      </Form>
    </Modal>
  );
}
