import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { namedClear } from '../../../shared/ui/namedClear';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BUYER_DOCUMENT_MESSAGES,
  formatBuyerDocument,
  INFORMATION_FIELD_LABELS as LABELS,
  INFORMATION_FIELD_MESSAGES,
  INFORMATION_LIMITS,
  INPUT_MESSAGES,
  isValidBuyerDocument,
  type InformationRow,
  type InformationUpdateInput,
} from '@mirante/shared';
import { formatMoneyInput, parseMoneyInput } from '../model/format';

/** The form's values: the editable fields, the date as a Dayjs, yes/no as a select. */
export interface InformationFormValues {
  codigo_comprador?: string | null;
  nome_comprador?: string | null;
  /** Shown with its mask (000.000.000-00 or 00.000.000/0000-00). */
  cpf_cnpj_comprador?: string | null;
  status_unidade?: string | null;
  status?: string | null;
  valor_venda?: number | null;
  valor_inadimplencia?: number | null;
  qtde_parcelas_vencidas?: number | null;
  codigo_venda?: string | null;
  data_venda?: Dayjs | null;
  inscricao_iptu?: string | null;
  termo_posse?: boolean | null;
  escritura?: boolean | null;
  registro?: boolean | null;
  status_construcao?: string | null;
  status_escritura?: string | null;
  notas?: string | null;
}

export function formValuesOf(row: InformationRow): InformationFormValues {
  return {
    codigo_comprador: row.codigo_comprador,
    nome_comprador: row.nome_comprador,
    cpf_cnpj_comprador: row.cpf_cnpj_comprador ? formatBuyerDocument(row.cpf_cnpj_comprador) : null,
    status_unidade: row.status_unidade,
    status: row.status,
    valor_venda: row.valor_venda,
    valor_inadimplencia: row.valor_inadimplencia,
    qtde_parcelas_vencidas: row.qtde_parcelas_vencidas,
    codigo_venda: row.codigo_venda,
    data_venda: row.data_venda ? dayjs(row.data_venda) : null,
    inscricao_iptu: row.inscricao_iptu,
    termo_posse: row.termo_posse,
    escritura: row.escritura,
    registro: row.registro,
    status_construcao: row.status_construcao,
    status_escritura: row.status_escritura,
    notas: row.notas,
  };
}

/** The update call's body; the sale values only when the caller sees them. */
export function updateBodyOf(
  layerId: number,
  values: InformationFormValues,
  withValues: boolean,
): InformationUpdateInput {
  const { data_venda: date, valor_venda, valor_inadimplencia, cpf_cnpj_comprador, ...rest } = values;
  const body: InformationUpdateInput = {
    layer_id: layerId,
    ...rest,
    data_venda: date ? date.format('YYYY-MM-DD') : null,
  };
  if (withValues) Object.assign(body, { valor_venda, valor_inadimplencia, cpf_cnpj_comprador });
  for (const key of Object.keys(body) as (keyof InformationUpdateInput)[]) {
    if (body[key] === undefined) body[key] = null as never;
  }
  return body;
}

const textRule = (max: number) => [{ max, message: INPUT_MESSAGES.textTooLong(max) }];
const numberRule = [{ type: 'number' as const, min: 0, message: INFORMATION_FIELD_MESSAGES.negative }];
const YES_NO = [
  { value: true, label: 'Sim' },
  { value: false, label: 'Não' },
];

const text = (name: keyof InformationFormValues, max: number) => (
  <Form.Item name={name} label={LABELS[name as keyof typeof LABELS]} rules={textRule(max)}>
    <Input maxLength={max} showCount={max <= 100} allowClear={namedClear('Limpar o campo')} />
  </Form.Item>
);

const yesNo = (name: 'termo_posse' | 'escritura' | 'registro') => (
  <Form.Item name={name} label={LABELS[name]}>
    <Select options={YES_NO} allowClear placeholder="—" aria-label={LABELS[name]} />
  </Form.Item>
);

/** CPF or CNPJ: masked while typed, check digits verified before the form saves. */
const buyerDocument = (
  <Form.Item
    name="cpf_cnpj_comprador"
    label={LABELS.cpf_cnpj_comprador}
    normalize={(value: string | undefined) => (value ? formatBuyerDocument(value) : value)}
    rules={[
      {
        validator: (_rule, value: string | null | undefined) =>
          !value || isValidBuyerDocument(value)
            ? Promise.resolve()
            : Promise.reject(new Error(BUYER_DOCUMENT_MESSAGES.invalid)),
      },
    ]}
  >
    <Input
      maxLength={18}
      allowClear={namedClear('Limpar o campo')}
      placeholder="CPF ou CNPJ"
      aria-label={LABELS.cpf_cnpj_comprador}
    />
  </Form.Item>
);

const money = (name: 'valor_venda' | 'valor_inadimplencia') => (
  <Form.Item name={name} label={LABELS[name]} rules={numberRule}>
    <InputNumber<number>
      min={0}
      max={INFORMATION_LIMITS.money}
      precision={2}
      formatter={(value, { userTyping, input }) => (userTyping ? input : formatMoneyInput(value))}
      // typed as a number, read as text: '' must stay empty, not become 0 (antd's own examples cast likewise)
      parser={(text) => parseMoneyInput(text) as unknown as number}
      prefix="R$"
      style={{ width: '100%' }}
      aria-label={LABELS[name]}
    />
  </Form.Item>
);

export interface InformationFormProps {
  initial: InformationFormValues;
  withValues: boolean;
  saving: boolean;
  onSave(values: InformationFormValues): void;
}

/** The editable fields of the entities and their fields with the limits of the validation rules; the form validates before it saves. */
export function InformationForm({ initial, withValues, saving, onSave }: InformationFormProps) {
  const [form] = Form.useForm<InformationFormValues>();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onSave}
      className="information-form"
      data-testid="information-form"
    >
      {text('codigo_comprador', INFORMATION_LIMITS.codes)}
      {text('nome_comprador', INFORMATION_LIMITS.nomeComprador)}
      {withValues && buyerDocument}
      {text('status_unidade', INFORMATION_LIMITS.statuses)}
      {text('status', INFORMATION_LIMITS.statuses)}
      {withValues && money('valor_venda')}
      {withValues && money('valor_inadimplencia')}
      <Form.Item
        name="qtde_parcelas_vencidas"
        label={LABELS.qtde_parcelas_vencidas}
        rules={[{ type: 'integer', min: 0, message: INFORMATION_FIELD_MESSAGES.notInteger }]}
      >
        <InputNumber<number>
          min={0}
          max={INFORMATION_LIMITS.parcelas}
          precision={0}
          style={{ width: '100%' }}
          aria-label={LABELS.qtde_parcelas_vencidas}
        />
      </Form.Item>
      {text('codigo_venda', INFORMATION_LIMITS.codes)}
      <Form.Item name="data_venda" label={LABELS.data_venda}>
        <DatePicker
          format="DD/MM/YYYY"
          placeholder="DD/MM/AAAA"
          style={{ width: '100%' }}
          aria-label={LABELS.data_venda}
        />
      </Form.Item>
      {text('inscricao_iptu', INFORMATION_LIMITS.statuses)}
      {yesNo('termo_posse')}
      {yesNo('escritura')}
      {yesNo('registro')}
      {text('status_construcao', INFORMATION_LIMITS.statuses)}
      {text('status_escritura', INFORMATION_LIMITS.statuses)}
      <Form.Item
        name="notas"
        label={LABELS.notas}
        rules={textRule(INFORMATION_LIMITS.notas)}
        className="information-form__wide"
      >
        <Input.TextArea rows={3} maxLength={INFORMATION_LIMITS.notas} />
      </Form.Item>
      <div className="information-form__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          Salvar
        </Button>
      </div>
    </Form>
  );
}
