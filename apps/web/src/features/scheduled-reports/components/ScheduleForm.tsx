import { Button, Form, Radio, Select, Space } from 'antd';
import {
  REPORT_FREQUENCY_LABELS,
  WEEKDAY_NAMES,
  reportScheduleInputSchema,
  type ReportFrequency,
  type ReportRecipient,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';

const dayOptions = (frequency: ReportFrequency) =>
  frequency === 'weekly'
    ? WEEKDAY_NAMES.map((name, day) => ({ value: day, label: name.charAt(0).toUpperCase() + name.slice(1) }))
    : Array.from({ length: 28 }, (_unused, index) => ({ value: index + 1, label: `Dia ${index + 1}` }));

/** Periodicity, day and recipients of a schedule (a new one, or `editing`). */
export function ScheduleForm({
  candidates,
  editing,
  saving,
  onSave,
  onCancel,
}: {
  candidates: ReportRecipient[];
  editing: ReportSchedule | null;
  saving: boolean;
  onSave(values: ReportScheduleInput): void;
  onCancel(): void;
}) {
  const [form] = Form.useForm<ReportScheduleInput>();
  const frequency = Form.useWatch('frequency', form) ?? editing?.frequency ?? 'weekly';
  const initial: ReportScheduleInput = editing
    ? { frequency: editing.frequency, day: editing.day, user_ids: editing.recipients.map((r) => r.id) }
    : { frequency: 'weekly', day: 1, user_ids: [] };

  return (
    <Form<ReportScheduleInput>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={onSave}
      aria-label={editing ? 'Editar relatório agendado' : 'Novo relatório agendado'}
      className="scheduled-reports__form"
    >
      <Space size="large" align="start" wrap>
        <Form.Item label="Periodicidade" name="frequency">
          <Radio.Group
            optionType="button"
            // Monday, or the 1st of the month: a valid day for either periodicity.
            onChange={() => form.setFieldValue('day', 1)}
            options={(['weekly', 'monthly'] as const).map((value) => ({
              value,
              label: REPORT_FREQUENCY_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          label={frequency === 'weekly' ? 'Dia da semana' : 'Dia do mês'}
          name="day"
          rules={[zodRule(reportScheduleInputSchema, 'day')]}
        >
          <Select style={{ width: 180 }} options={dayOptions(frequency)} aria-label="Dia do envio" />
        </Form.Item>
      </Space>
      <Form.Item
        label="Destinatários"
        name="user_ids"
        extra="Usuários ativos deste projeto com o módulo Detecções. Quem não tem o módulo Financeiro recebe o relatório sem os totais financeiros."
        rules={[{ required: true, type: 'array', min: 1, message: 'Escolha ao menos um destinatário.' }]}
      >
        <Select
          mode="multiple"
          aria-label="Destinatários"
          placeholder="Escolha os usuários"
          optionFilterProp="label"
          options={candidates.map((c) => ({ value: c.id, label: `${c.name} (${c.email})` }))}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {editing ? 'Salvar alterações' : 'Agendar relatório'}
        </Button>
        <Button onClick={onCancel}>Cancelar</Button>
      </Space>
    </Form>
  );
}
