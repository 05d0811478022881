import { useState } from 'react';
import { App, Button, Card, Checkbox, Select } from 'antd';
import {
  ALERT_DELIVERIES,
  ALERT_DELIVERY_LABELS,
  ALERT_KIND_LABELS,
  type AlertDelivery,
  type AlertKind,
  type AlertPreference,
} from '@mirante/shared';
import { ApiError } from '../../../shared/api/ApiError';
import { useSaveAlertPreference } from '../api';
import { ALERT_TEXTS } from '../texts';

/** One project's alert choices: which kinds of change, and how the e-mail goes out. */
export function ProjectAlertForm({ preference }: { preference: AlertPreference }) {
  const [kinds, setKinds] = useState<AlertKind[]>(preference.kinds);
  const [delivery, setDelivery] = useState<AlertDelivery>(preference.delivery);
  const save = useSaveAlertPreference();
  const { message } = App.useApp();
  const changed =
    delivery !== preference.delivery ||
    kinds.length !== preference.kinds.length ||
    kinds.some((kind) => !preference.kinds.includes(kind));
  const submit = () =>
    save.mutate(
      { projectId: preference.project_id, body: { kinds, delivery } },
      {
        onSuccess: () => void message.success(ALERT_TEXTS.saved),
        onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
      },
    );
  const fieldId = `alert-delivery-${preference.project_id}`;
  return (
    <Card
      className="alert-preferences__project"
      title={preference.project_name}
      extra={
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
          {ALERT_TEXTS.save}
        </Button>
      }
    >
      <div className="alert-preferences__row">
        <fieldset
          className="alert-preferences__kinds"
          aria-label={`${ALERT_TEXTS.kinds} — ${preference.project_name}`}
        >
          <strong>{ALERT_TEXTS.kinds}</strong>
          <Checkbox.Group
            className="alert-preferences__kinds"
            value={kinds}
            onChange={(values) => setKinds(values as AlertKind[])}
            options={preference.available_kinds.map((kind) => ({
              value: kind,
              label: ALERT_KIND_LABELS[kind],
            }))}
          />
        </fieldset>
        <div className="alert-preferences__delivery">
          <label htmlFor={fieldId}>
            <strong>{ALERT_TEXTS.delivery}</strong>
          </label>
          <Select
            id={fieldId}
            className="alert-preferences__delivery"
            value={delivery}
            onChange={setDelivery}
            options={ALERT_DELIVERIES.map((value) => ({ value, label: ALERT_DELIVERY_LABELS[value] }))}
            aria-label={`${ALERT_TEXTS.delivery} — ${preference.project_name}`}
          />
        </div>
      </div>
    </Card>
  );
}
