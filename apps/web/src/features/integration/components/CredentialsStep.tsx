import { useEffect, type ReactNode } from 'react';
import { Form, Input, Skeleton, type FormRule } from 'antd';
import { INTEGRATION_MESSAGES, type Erp } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useErpCredentials, useSaveErpCredentials, type CredentialValues } from '../api';
import { zodRule } from '../../../shared/forms/zodRule';
import { CREDENTIAL_FIELDS, CREDENTIAL_SCHEMAS, type CredentialField } from '../model/credentialFields';
import { saveFailureText } from '../model/reasonOf';
import { useFailureNotice } from './useFailureNotice';
import { WizardActions } from './WizardActions';
import type { WizardNav } from './wizardNav';

interface Props {
  erp: Erp;
  nav: WizardNav;
  /** Text above the fields (Sienge's help with the endpoints and the step-by-step PDF). */
  help?: ReactNode;
}

function rulesOf(erp: Erp, field: CredentialField, secretSaved: boolean): FormRule[] {
  if (field.kind !== 'secret') return [zodRule(CREDENTIAL_SCHEMAS[erp], field.name)];
  return [{ required: !secretSaved, whitespace: true, message: field.requiredMessage }];
}

/**
 * Step 1 of every wizard: the ERP's address(es), user and password. The saved values fill the form; a saved
 * secret never comes back to the browser, so an empty secret field keeps it. Saving checks the connection.
 */
export function CredentialsStep({ erp, nav, help }: Props) {
  const [form] = Form.useForm<CredentialValues>();
  const feedback = useFeedback();
  const saved = useErpCredentials(erp);
  const save = useSaveErpCredentials(erp);
  const secretsSaved = saved.data?.secretsSaved ?? {};

  useEffect(() => {
    if (saved.data) form.setFieldsValue(saved.data.values);
  }, [form, saved.data]);
  useFailureNotice(saved.error, INTEGRATION_MESSAGES.credentialsLoadFailed);

  const submit = (values: CredentialValues) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: nav.advance,
      onError: (error) => feedback.error(saveFailureText(INTEGRATION_MESSAGES.saveFailed, error)),
    });
  };

  if (saved.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Form<CredentialValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      className="integration-form"
      aria-label="Credenciais"
    >
      {help}
      {CREDENTIAL_FIELDS[erp].map((field) => (
        <Form.Item
          key={field.name}
          label={field.label}
          name={field.name}
          rules={rulesOf(erp, field, secretsSaved[field.name] === true)}
        >
          {field.kind === 'secret' ? (
            <Input.Password
              autoComplete="new-password"
              placeholder={secretsSaved[field.name] ? 'Salvo (deixe em branco para manter)' : undefined}
            />
          ) : (
            <Input placeholder={field.placeholder} autoComplete="off" />
          )}
        </Form.Item>
      ))}
      <WizardActions nav={nav} submitting={save.isPending} />
    </Form>
  );
}
