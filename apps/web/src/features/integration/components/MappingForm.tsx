import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { WizardActions } from './WizardActions';
import type { WizardNav } from './wizardNav';

interface Props<Values> {
  form: FormInstance<Values>;
  /** The form's accessible name (the step's title). */
  name: string;
  intro: string;
  initialValues: Values;
  onFinish(values: Values): void;
  nav: WizardNav;
  submitting: boolean;
  /** Fewer pixels between rows (the ten sales statuses fit the screen). */
  compact?: boolean;
  children: ReactNode;
}

/** The frame of the two UAU mapping steps: one row per platform key, its label in a fixed column. */
export function MappingForm<Values extends object>({
  form,
  name,
  intro,
  initialValues,
  onFinish,
  nav,
  submitting,
  compact = false,
  children,
}: Props<Values>) {
  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '210px' }}
      wrapperCol={{ flex: 'auto' }}
      labelAlign="left"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={onFinish}
      className={compact ? 'integration-form integration-form--compact' : 'integration-form'}
      aria-label={name}
    >
      <p className="integration-step__intro">{intro}</p>
      {children}
      <WizardActions nav={nav} submitting={submitting} />
    </Form>
  );
}
