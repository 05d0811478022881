import { Form, InputNumber, Modal, notification } from 'antd';
import { FINANCE_SETTINGS_MESSAGES, SALE_ALERT_MONTHS } from '@mirante/shared';
import { ApiError } from '../../../shared/api/ApiError';
import { useSaveFinanceSettings } from '../api';
import { EnterSubmits } from '../../../shared/forms/EnterSubmits';

interface SettingsValues {
  sale_alert_months: number | null;
}

export interface FinanceSettingsModalProps {
  projectId: number;
  alertMonths: number;
  open: boolean;
  onClose(): void;
}

/** The portfolio's settings (ADMIN or MANAGER): the months before a sold, still empty lot is flagged. */
export function FinanceSettingsModal({ projectId, alertMonths, open, onClose }: FinanceSettingsModalProps) {
  const [form] = Form.useForm<SettingsValues>();
  const save = useSaveFinanceSettings(projectId);

  const submit = async (values: SettingsValues) => {
    try {
      await save.mutateAsync({ sale_alert_months: values.sale_alert_months ?? 0 });
      notification.success({ message: FINANCE_SETTINGS_MESSAGES.saved });
      onClose();
    } catch (error) {
      notification.error({
        message: FINANCE_SETTINGS_MESSAGES.saveFailed,
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  };

  return (
    <Modal
      open={open}
      title="Configurações da carteira"
      okText="Salvar"
      cancelText="Fechar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      data-testid="finance-settings"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ sale_alert_months: alertMonths }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="sale_alert_months"
          label="Meses após a venda até o alerta 'Vendido sem obra'"
          extra="Um lote vendido ou quitado que a imagem mais recente ainda mostra vazio, tantos meses ou mais depois da data da venda, é sinalizado na carteira e no mapa."
          rules={[
            {
              required: true,
              type: 'integer',
              min: SALE_ALERT_MONTHS.min,
              max: SALE_ALERT_MONTHS.max,
              message: FINANCE_SETTINGS_MESSAGES.monthsInvalid,
            },
          ]}
        >
          <InputNumber<number>
            precision={0}
            addonAfter="meses"
            style={{ width: 200 }}
            aria-label="Meses até o alerta"
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
