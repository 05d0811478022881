import { Alert, Button, Space } from 'antd';
import type { CreatedShareLink } from '@mirante/shared';
import { CopyField } from '../../gis-keys/components/CopyField';
import { SHARE_TEXTS } from '../texts';
import { shareLinkSummary } from '../shareSummary';

/** The new link's address, shown this once with 'Copiar', and the way back to the form. */
export function CreatedShareLinkResult({ link, onAnother }: { link: CreatedShareLink; onAnother(): void }) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="created-share-link">
      <Alert type="success" showIcon message={shareLinkSummary(link)} description={SHARE_TEXTS.copyNow} />
      <CopyField label={SHARE_TEXTS.linkLabel} value={link.url} />
      <Button onClick={onAnother}>{SHARE_TEXTS.another}</Button>
    </Space>
  );
}
