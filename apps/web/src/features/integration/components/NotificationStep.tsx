import { useEffect } from 'react';
import { Form, Input, Select, Skeleton } from 'antd';
import {
  INTEGRATION_MESSAGES,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_FREQUENCY_LABELS,
  type Erp,
  type NotificationFrequency,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useErpNotification, useSaveErpNotification } from '../api';
import { saveFailureText } from '../model/reasonOf';
import { useFailureNotice } from './useFailureNotice';
import { WizardActions } from './WizardActions';
import type { WizardNav } from './wizardNav';

interface Values {
  email: string;
  frequency?: NotificationFrequency;
}

const FREQUENCY_OPTIONS = NOTIFICATION_FREQUENCIES.map((days) => ({
  value: days,
  label: NOTIFICATION_FREQUENCY_LABELS[days],
}));

/** The last step of every wizard: who receives the integration's summary e-mail, and how often. */
export function NotificationStep({ erp, nav }: { erp: Erp; nav: WizardNav }) {
  const [form] = Form.useForm<Values>();
  const feedback = useFeedback();
  const saved = useErpNotification(erp);
  const save = useSaveErpNotification(erp);

  useEffect(() => {
    if (saved.data)
      form.setFieldsValue({ email: saved.data.email ?? '', frequency: saved.data.frequency ?? undefined });
  }, [form, saved.data]);
  useFailureNotice(saved.error, INTEGRATION_MESSAGES.customerLoadFailed);

  const submit = (values: Values) => {
    if (save.isPending || values.frequency === undefined) return;
    save.mutate(
      { email: values.email.trim(), frequency: values.frequency },
      {
        onSuccess: nav.advance,
        onError: (error) => feedback.error(saveFailureText(INTEGRATION_MESSAGES.saveFailed, error)),
      },
    );
  };

  if (saved.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      className="integration-form"
      aria-label="Notificação"
    >
      <p className="integration-step__intro">
        Um resumo das alterações e dos erros de cada sincronização é enviado a este e-mail na periodicidade
        escolhida.
      </p>
      <Form.Item
        label="E-mail"
        name="email"
        rules={[
          { required: true, whitespace: true, message: INTEGRATION_MESSAGES.emailRequired },
          { type: 'email', message: INTEGRATION_MESSAGES.emailInvalid },
        ]}
      >
        <Input autoComplete="email" placeholder="financeiro@empresa.com.br" />
      </Form.Item>
      <Form.Item
        label="Periodicidade"
        name="frequency"
        rules={[{ required: true, message: INTEGRATION_MESSAGES.frequencyRequired }]}
      >
        <Select options={FREQUENCY_OPTIONS} placeholder="Selecione" />
      </Form.Item>
      <WizardActions nav={nav} submitting={save.isPending} />
    </Form>
  );
}
