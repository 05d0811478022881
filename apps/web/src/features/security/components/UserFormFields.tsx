import { Form, Input, Select } from 'antd';
import {
  SECURITY_MESSAGES,
  isPlainUser,
  projectDisplayName,
  registerUserSchema,
  type Credentials,
} from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useCustomerProjects, useCustomers, useGroups } from '../api';
import { groupLabel } from '../labels';

export interface UserFormValues {
  name: string;
  email: string;
  customer?: number;
  projects: number[];
  group?: number;
  status?: boolean;
}

/**
 * Name, e-mail, customer, projects and group of the user forms (security panel and admin panel). Projects and
 * group options come from the chosen customer and are cleared when it changes; USER callers have no customer
 * selector: their own customer is used.
 */
export function UserFormFields({ credentials }: { credentials: Credentials }) {
  const form = Form.useFormInstance<UserFormValues>();
  const isUser = isPlainUser(credentials);
  const chosen = Form.useWatch('customer', form);
  const customerId = isUser ? credentials.customer_id : chosen;
  const customers = useCustomers(!isUser);
  const projects = useCustomerProjects(customerId);
  const groups = useGroups();
  const groupOptions = (groups.data ?? [])
    .filter((group) => group.customer_id === customerId)
    .map((group) => ({ value: group.id, label: groupLabel(group, credentials.role) }));

  return (
    <>
      <Form.Item label="Nome" name="name" rules={[zodRule(registerUserSchema, 'name')]}>
        <Input placeholder="Nome completo" autoFocus />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={[zodRule(registerUserSchema, 'email')]}>
        <Input placeholder="nome@empresa.com.br" />
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
            showSearch={{ optionFilterProp: 'label' }}
            options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={() => form.setFieldsValue({ projects: [], group: undefined })}
          />
        </Form.Item>
      )}
      <Form.Item label="Projetos" name="projects" rules={[zodRule(registerUserSchema, 'projects')]}>
        <Select
          mode="multiple"
          placeholder={customerId === undefined ? 'Escolha o cliente primeiro' : 'Selecione os projetos'}
          disabled={customerId === undefined}
          loading={projects.isLoading}
          optionFilterProp="label"
          options={(projects.data ?? []).map((p) => ({
            value: p.id,
            label: projectDisplayName(p, credentials.role),
          }))}
        />
      </Form.Item>
      <Form.Item label="Grupo" name="group">
        <Select
          allowClear
          placeholder="Sem grupo"
          disabled={customerId === undefined}
          loading={groups.isLoading}
          options={groupOptions}
        />
      </Form.Item>
    </>
  );
}
