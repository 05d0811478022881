import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { SECURITY_MESSAGES, groupFormSchema, isPlainUser, type Group } from '@mirante/shared';
import { DialogError } from '../../../shared/feedback/DialogError';
import { zodRule } from '../../../shared/forms/zodRule';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useCustomers, useSaveGroup } from '../api';
import { errorWithReason } from '../errorText';
import { ModulePicker } from './ModulePicker';
import { EnterSubmits } from '../../../shared/forms/EnterSubmits';

interface Values {
  name: string;
  customer?: number;
  modules: number[];
}

interface Props {
  open: boolean;
  /** null: register a new group. */
  group: Group | null;
  onClose(): void;
}

/** The group register/edit modal: name, customer (not for USER) and modules. */
export function GroupFormModal({ open, group, onClose }: Props) {
  const credentials = useCredentials();
  const isUser = isPlainUser(credentials);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const customers = useCustomers(!isUser);
  const save = useSaveGroup();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };

  const submit = (values: Values) => {
    setError(null);
    save.mutate(
      { id: group?.id ?? null, body: values },
      {
        onSuccess: () => {
          void message.success(group ? 'Grupo atualizado com sucesso' : 'Grupo cadastrado com sucesso');
          close();
        },
        onError: (failure) =>
          setError(
            errorWithReason(
              failure,
              group ? SECURITY_MESSAGES.groupUpdateFailed : SECURITY_MESSAGES.groupCreateFailed,
            ),
          ),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={group ? 'Editar grupo' : 'Registrar novo grupo'}
      okText={group ? 'Salvar' : 'Registrar'}
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={700}
    >
      <DialogError error={error} onClose={() => setError(null)} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: group?.name ?? '',
          customer: group?.customer_id ?? undefined,
          modules: group?.modules.map((m) => m.id) ?? [],
        }}
        onFinish={submit}
        aria-label={group ? 'Editar grupo' : 'Registrar novo grupo'}
      >
        <Form.Item label="Nome" name="name" rules={[zodRule(groupFormSchema, 'name')]}>
          <Input placeholder="Nome do grupo" autoFocus />
        </Form.Item>
        {!isUser && (
          <Form.Item
            label="Cliente"
            name="customer"
            rules={[{ required: true, message: SECURITY_MESSAGES.customerRequired }]}
          >
            <Select
              placeholder="Selecione o cliente"
              loading={customers.isLoading}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        )}
        <ModulePicker credentials={credentials} />
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
