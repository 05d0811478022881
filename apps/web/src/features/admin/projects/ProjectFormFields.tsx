import { Checkbox, Collapse, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import {
  DEFAULT_TEXT_MAX,
  PROJECT_MESSAGES,
  PROJECT_STAGE_LABELS,
  PROJECT_STAGES,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
} from '@mirante/shared';
import { useCustomers } from '../../security/api';
import { DelimiterField } from './DelimiterField';
import { PROJECT_TAB_TEXTS } from './texts';

const typeOptions = PROJECT_TYPES.map((type) => ({ value: type, label: PROJECT_TYPE_LABELS[type] }));
const stageOptions = PROJECT_STAGES.map((stage) => ({ value: stage, label: PROJECT_STAGE_LABELS[stage] }));

const FLAGS = [
  ['hasStage', 'Possui etapas'],
  ['hasPriceVisualization', 'Visualização de preço (Metro²)'],
  ['hasReport', 'Possui relatório'],
  ['hasInformation', 'Possui informações financeiras'],
  ['useProviderMapLayer', 'Usa a camada de mapa do provedor'],
  ['default', 'Projeto padrão dos usuários'],
] as const;

/**
 * The fields of a project (identity, flags and panel fields), shared by the registration form and the
 * edit dialog. The customer is chosen only when registering: users are linked to it.
 */
export function ProjectFormFields({
  withCustomer,
  panelOpen,
}: {
  withCustomer: boolean;
  /** Whether the panel fields start shown; they are optional, so registration starts with them folded. */
  panelOpen: boolean;
}) {
  const customers = useCustomers(withCustomer);
  return (
    <>
      <Form.Item
        label="Nome"
        name="name"
        rules={[{ required: true, whitespace: true, message: PROJECT_MESSAGES.nameRequired }]}
      >
        <Input maxLength={DEFAULT_TEXT_MAX} placeholder="Ex.: Residencial Bela Vista - Etapa 1" />
      </Form.Item>
      <div className="admin-form__row">
        {withCustomer && (
          <Form.Item
            label="Cliente"
            name="customerId"
            style={{ flex: 1 }}
            rules={[{ required: true, message: PROJECT_MESSAGES.customerRequired }]}
            {...(customers.isError
              ? { validateStatus: 'error' as const, help: PROJECT_TAB_TEXTS.customersLoadFailed }
              : {})}
          >
            <Select
              placeholder="Selecione o cliente"
              showSearch={{ optionFilterProp: 'label' }}
              loading={customers.isLoading}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          label="Tipo"
          name="projectType"
          style={{ flex: 1 }}
          rules={[{ required: true, message: PROJECT_MESSAGES.typeRequired }]}
        >
          <Select placeholder="Selecione o tipo" options={typeOptions} />
        </Form.Item>
      </div>
      <Form.Item label="Contorno (delimitação)" name="delimiter" extra={PROJECT_TAB_TEXTS.delimiterHelp}>
        <DelimiterField />
      </Form.Item>
      <div className="admin-project-flags">
        {FLAGS.map(([name, label]) => (
          <Form.Item key={name} name={name} valuePropName="checked" noStyle>
            <Checkbox>{label}</Checkbox>
          </Form.Item>
        ))}
      </div>
      <Collapse
        className="admin-project-panel"
        defaultActiveKey={panelOpen ? ['panel'] : []}
        items={[
          {
            key: 'panel',
            label: 'Dados do painel do projeto (opcionais)',
            forceRender: true,
            children: (
              <>
                <div className="admin-form__row">
                  <Form.Item label="Código do cliente" name="customerCode" style={{ flex: 1 }}>
                    <Input maxLength={50} />
                  </Form.Item>
                  <Form.Item label="Data de lançamento" name="releaseDate" style={{ flex: 1 }}>
                    <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item label="Situação" name="stage" style={{ flex: 1 }}>
                    <Select allowClear placeholder="Não informada" options={stageOptions} />
                  </Form.Item>
                </div>
                <div className="admin-form__row">
                  <Form.Item label="Equipe" name="team" style={{ flex: 2 }}>
                    <Input maxLength={DEFAULT_TEXT_MAX} />
                  </Form.Item>
                  <Form.Item label="Quadras" name="blocks" style={{ flex: 1 }}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item label="Lotes" name="lots" style={{ flex: 1 }}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </div>
                <Form.Item label="Endereço" name="address">
                  <Input maxLength={DEFAULT_TEXT_MAX} />
                </Form.Item>
                <div className="admin-form__row">
                  <Form.Item label="Cidade" name="city" style={{ flex: 2 }}>
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item label="Estado" name="state" style={{ flex: 1 }}>
                    <Input maxLength={50} placeholder="UF" />
                  </Form.Item>
                  <Form.Item label="Zoom inicial" name="defaultZoom" style={{ flex: 1 }}>
                    <InputNumber min={1} max={22} style={{ width: '100%' }} placeholder="16" />
                  </Form.Item>
                </div>
                <Form.Item label="Valor de inadimplência (R$)" name="valorInadimplencia">
                  <InputNumber min={0} precision={2} decimalSeparator="," style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item label="Detalhes" name="detail">
                  <Input.TextArea rows={2} maxLength={5000} />
                </Form.Item>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
