import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select } from 'antd';
import {
  SHARE_COMPARE_MODES,
  SHARE_COMPARE_MODE_LABELS,
  SHARE_KINDS,
  SHARE_KIND_LABELS,
  SHARE_MAX_DAYS,
  SHARE_MESSAGES,
  SHARE_PASSWORD_MAX,
  createShareLinkSchema,
  type CreatedShareLink,
} from '@mirante/shared';
import { zodRule } from '../../../shared/forms/zodRule';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { serverReason } from '../../admin/messages';
import { useCreateShareLink } from '../api';
import { initialShareValues, shareRequest, type ShareFormValues, type ShareStart } from '../shareDefaults';
import { SHARE_TEXTS } from '../texts';

export interface ShareableScene {
  isoDate: string;
  dateFormatted: string;
}

export interface ShareableLot {
  id: number;
  name: string;
  block: string | null;
}

export interface ShareLinkFormProps {
  projectId: number;
  /** The project's published, ready scenes, oldest first. */
  scenes: readonly ShareableScene[];
  lots: readonly ShareableLot[];
  start: ShareStart;
  onCreated(link: CreatedShareLink): void;
}

const lotLabel = (lot: ShareableLot) => (lot.block ? `${lot.name} — ${lot.block}` : lot.name);

/** What to share (a date, two dates or a lot), for how long and with which password. */
export function ShareLinkForm({ projectId, scenes, lots, start, onCreated }: ShareLinkFormProps) {
  const [form] = Form.useForm<ShareFormValues>();
  const message = useFeedback();
  const create = useCreateShareLink(projectId);
  const kind = Form.useWatch('kind', form) ?? initialShareValues(start, []).kind;
  const dates = scenes.map((scene) => scene.isoDate);
  const dateOptions = scenes.map((scene) => ({ value: scene.isoDate, label: scene.dateFormatted }));

  if (scenes.length === 0) return <Alert type="info" showIcon message={SHARE_TEXTS.noScenes} />;

  const submit = (values: ShareFormValues) =>
    create.mutate(shareRequest(values), {
      onSuccess: (link) => {
        void message.success(SHARE_TEXTS.created);
        onCreated(link);
      },
      onError: (error) => void message.error(`${SHARE_TEXTS.createFailed} ${serverReason(error)}`),
    });

  return (
    <Form<ShareFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={initialShareValues(start, dates)}
      aria-label={SHARE_TEXTS.dialogTitle}
      className="share-form"
    >
      <p className="share-form__intro">{SHARE_TEXTS.intro}</p>
      <Form.Item label={SHARE_TEXTS.kind} name="kind">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={SHARE_KINDS.map((value) => ({ value, label: SHARE_KIND_LABELS[value] }))}
        />
      </Form.Item>
      {kind === 'map' && (
        <Form.Item
          label={SHARE_TEXTS.date}
          name="date"
          rules={[{ required: true, message: SHARE_MESSAGES.dateRequired }]}
        >
          <Select options={dateOptions} aria-label={SHARE_TEXTS.date} style={{ width: 200 }} />
        </Form.Item>
      )}
      {kind === 'compare' && (
        <div className="share-form__row">
          <Form.Item
            label={SHARE_TEXTS.beforeDate}
            name="before_date"
            rules={[{ required: true, message: SHARE_MESSAGES.beforeDateRequired }]}
          >
            <Select options={dateOptions} aria-label={SHARE_TEXTS.beforeDate} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label={SHARE_TEXTS.afterDate}
            name="date"
            rules={[{ required: true, message: SHARE_MESSAGES.beforeDateRequired }]}
          >
            <Select options={dateOptions} aria-label={SHARE_TEXTS.afterDate} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label={SHARE_TEXTS.mode} name="compare_mode">
            <Radio.Group
              options={SHARE_COMPARE_MODES.map((value) => ({
                value,
                label: SHARE_COMPARE_MODE_LABELS[value],
              }))}
            />
          </Form.Item>
        </div>
      )}
      {kind === 'lot' && (
        <Form.Item
          label={SHARE_TEXTS.lot}
          name="layer_id"
          rules={[{ required: true, message: SHARE_MESSAGES.lotRequired }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={SHARE_TEXTS.lotPlaceholder}
            aria-label={SHARE_TEXTS.lot}
            options={lots.map((lot) => ({ value: lot.id, label: lotLabel(lot) }))}
            style={{ width: 320 }}
          />
        </Form.Item>
      )}
      <div className="share-form__row">
        <Form.Item
          label={SHARE_TEXTS.expiry}
          name="expires_in_days"
          rules={[zodRule(createShareLinkSchema, 'expires_in_days')]}
        >
          <InputNumber min={1} max={SHARE_MAX_DAYS} precision={0} aria-label={SHARE_TEXTS.expiry} />
        </Form.Item>
        <Form.Item
          label={SHARE_TEXTS.password}
          name="password"
          extra={SHARE_TEXTS.passwordHelp}
          rules={[zodRule(createShareLinkSchema, 'password')]}
        >
          <Input.Password
            maxLength={SHARE_PASSWORD_MAX}
            autoComplete="new-password"
            aria-label={SHARE_TEXTS.password}
            style={{ width: 220 }}
          />
        </Form.Item>
      </div>
      <Form.Item name="show_observations" valuePropName="checked">
        <Checkbox>{SHARE_TEXTS.observations}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {SHARE_TEXTS.create}
      </Button>
    </Form>
  );
}
