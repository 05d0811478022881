import { useEffect, useMemo } from 'react';
import { Form, Select, Skeleton } from 'antd';
import {
  DEFAULT_SALES_STATUS,
  INTEGRATION_MESSAGES,
  SALES_STATUS_KEYS,
  SALES_STATUS_LABELS,
  UAU_UNIT_STATUS_LABELS,
  type SalesStatusKey,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useSalesStatus, useSaveSalesStatus, useUauSalesStatusOptions } from '../api';
import { reasonOf } from '../model/reasonOf';
import { MappingForm } from './MappingForm';
import { useFailureNotice } from './useFailureNotice';
import type { WizardNav } from './wizardNav';

type Values = Record<SalesStatusKey, number | null | undefined>;

const statusLabel = (code: number) =>
  UAU_UNIT_STATUS_LABELS[code] ? `${code} - ${UAU_UNIT_STATUS_LABELS[code]}` : String(code);

/**
 * UAU step 4: which UAU unit status (an integer) means each of the platform's sales statuses, or none
 * (the entities and their fields Sales-status mapping). With nothing saved, UAU's own codes by label.
 */
export function SalesStatusStep({ nav }: { nav: WizardNav }) {
  const [form] = Form.useForm<Values>();
  const feedback = useFeedback();
  const options = useUauSalesStatusOptions();
  const saved = useSalesStatus();
  const save = useSaveSalesStatus();

  const selectOptions = useMemo(
    () => (options.data ?? []).map((code) => ({ value: code, label: statusLabel(code) })),
    [options.data],
  );
  useEffect(() => {
    if (saved.data) form.setFieldsValue({ ...DEFAULT_SALES_STATUS, ...saved.data });
  }, [form, saved.data]);
  useFailureNotice(options.error ?? saved.error, INTEGRATION_MESSAGES.customerLoadFailed);

  const submit = (values: Values) => {
    if (save.isPending) return;
    const mapping = Object.fromEntries(SALES_STATUS_KEYS.map((key) => [key, values[key] ?? null]));
    save.mutate(mapping as Record<SalesStatusKey, number | null>, {
      onSuccess: nav.advance,
      onError: (error) => feedback.error(`${INTEGRATION_MESSAGES.requestFailed} ${reasonOf(error)}`),
    });
  };

  if (saved.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <MappingForm<Values>
      form={form}
      name="Status de venda"
      intro="Escolha o status da unidade no UAU que corresponde a cada status de venda da plataforma, ou deixe em branco."
      initialValues={DEFAULT_SALES_STATUS}
      onFinish={submit}
      nav={nav}
      submitting={save.isPending}
      compact
    >
      {SALES_STATUS_KEYS.map((key) => (
        <Form.Item key={key} label={SALES_STATUS_LABELS[key]} name={key}>
          <Select
            allowClear
            placeholder="Nenhum"
            loading={options.isLoading}
            options={selectOptions}
            aria-label={SALES_STATUS_LABELS[key]}
          />
        </Form.Item>
      ))}
    </MappingForm>
  );
}
