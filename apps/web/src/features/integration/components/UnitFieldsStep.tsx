import { useEffect, useMemo } from 'react';
import { Form, Select, Skeleton } from 'antd';
import {
  DEFAULT_UNIT_FIELDS,
  INTEGRATION_MESSAGES,
  UNIT_FIELD_KEYS,
  UNIT_FIELD_LABELS,
  type UnitFieldKey,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useSaveUnitFields, useUauUnitFieldOptions, useUnitFields } from '../api';
import { reasonOf } from '../model/reasonOf';
import { MappingForm } from './MappingForm';
import { useFailureNotice } from './useFailureNotice';
import type { WizardNav } from './wizardNav';

type Values = Record<UnitFieldKey, string>;

/**
 * UAU step 3: which UAU unit field holds each of the platform's unit fields (the entities and their fields Unit-field mapping). The
 * options are UAU's fields, shown as 'key: value'; with nothing saved each key maps to its own name.
 */
export function UnitFieldsStep({ nav }: { nav: WizardNav }) {
  const [form] = Form.useForm<Values>();
  const feedback = useFeedback();
  const options = useUauUnitFieldOptions();
  const saved = useUnitFields();
  const save = useSaveUnitFields();

  const selectOptions = useMemo(
    () => (options.data ?? []).map((field) => ({ value: field.key, label: `${field.key}: ${field.value}` })),
    [options.data],
  );
  useEffect(() => {
    if (saved.data) form.setFieldsValue({ ...DEFAULT_UNIT_FIELDS, ...saved.data });
  }, [form, saved.data]);
  useFailureNotice(options.error ?? saved.error, INTEGRATION_MESSAGES.customerLoadFailed);

  const submit = (values: Values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: nav.advance,
      onError: (error) => feedback.error(`${INTEGRATION_MESSAGES.requestFailed} ${reasonOf(error)}`),
    });
  };

  if (saved.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <MappingForm<Values>
      form={form}
      name="Campos da unidade"
      intro="Escolha o campo da unidade no UAU que corresponde a cada informação do lote na plataforma."
      initialValues={DEFAULT_UNIT_FIELDS}
      onFinish={submit}
      nav={nav}
      submitting={save.isPending}
    >
      {UNIT_FIELD_KEYS.map((key) => (
        <Form.Item
          key={key}
          label={UNIT_FIELD_LABELS[key]}
          name={key}
          rules={[{ required: true, message: INTEGRATION_MESSAGES.unitFieldRequired }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isLoading}
            options={selectOptions}
            aria-label={UNIT_FIELD_LABELS[key]}
          />
        </Form.Item>
      ))}
    </MappingForm>
  );
}
