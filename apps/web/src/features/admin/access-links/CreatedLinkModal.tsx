import { Alert, Button, Input, Modal, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { CreatedAccessToken } from '@mirante/shared';
import { ACCESS_LINK_TEXTS } from './texts';
import { useFeedback } from '../../../shared/feedback/useFeedback';

/** Shows a new link's URL the one time the server returns it, with a copy button. */
export function CreatedLinkModal({ link, onClose }: { link: CreatedAccessToken | null; onClose(): void }) {
  const message = useFeedback();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(ACCESS_LINK_TEXTS.copied);
    } catch {
      void message.warning(ACCESS_LINK_TEXTS.copyFailed);
    }
  };

  return (
    <Modal
      open={link !== null}
      title="Link de acesso criado"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Concluído</Button>}
      destroyOnHidden
    >
      {link && (
        <div className="admin-created-link">
          <Alert type="warning" showIcon title={ACCESS_LINK_TEXTS.copyNow} />
          <div>
            {link.description} · {link.user_name} ({link.user_email})
          </div>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link.url} aria-label="Link de acesso" onFocus={(e) => e.target.select()} />
            <Button type="primary" icon={<CopyOutlined aria-hidden />} onClick={() => void copy(link.url)}>
              Copiar
            </Button>
          </Space.Compact>
        </div>
      )}
    </Modal>
  );
}
