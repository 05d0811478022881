import { useState } from 'react';
import { App, Form, Modal } from 'antd';
import { SECURITY_MESSAGES, type SecurityUser } from '@mirante/shared';
import { DialogError } from '../../../shared/feedback/DialogError';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useRegisterUser, useUpdateUser } from '../api';
import { errorText, errorWithReason } from '../errorText';
import { UserFormFields, type UserFormValues } from './UserFormFields';
import { EnterSubmits } from '../../../shared/forms/EnterSubmits';

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
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };

  const submit = (values: UserFormValues) => {
    setError(null);
    if (user) {
      update.mutate(
        { id: user.id, body: { ...values, status: user.status } },
        {
          onSuccess: () => {
            void message.success(SECURITY_MESSAGES.updated);
            close();
          },
          onError: (failure) => setError(errorWithReason(failure, SECURITY_MESSAGES.updateFailed)),
        },
      );
      return;
    }
    register.mutate(
      { ...values, userType: 'CLIENT', sendMail: true },
      {
        onSuccess: () => {
          void message.success(SECURITY_MESSAGES.registered);
          close();
        },
        onError: (failure) => setError(errorText(failure, SECURITY_MESSAGES.registerFailed)),
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
      onCancel={close}
      confirmLoading={register.isPending || update.isPending}
      destroyOnHidden
      width={600}
    >
      <DialogError error={error} onClose={() => setError(null)} />
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
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
