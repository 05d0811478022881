import { useState } from 'react';
import { Modal, Tabs } from 'antd';
import type { CreatedShareLink } from '@mirante/shared';
import type { ShareStart } from '../shareDefaults';
import { SHARE_TEXTS } from '../texts';
import { CreatedShareLinkResult } from './CreatedShareLinkResult';
import { ShareLinkForm, type ShareableLot, type ShareableScene } from './ShareLinkForm';
import { ShareLinksTable } from './ShareLinksTable';
import '../share-links.css';

export interface ShareLinkDialogProps {
  projectId: number;
  projectName: string;
  scenes: readonly ShareableScene[];
  lots: readonly ShareableLot[];
  start: ShareStart;
  onClose(): void;
}

/** 'Compartilhar visualização': a new read-only link (shown once) and the project's links with their views. */
export function ShareLinkDialog({
  projectId,
  projectName,
  scenes,
  lots,
  start,
  onClose,
}: ShareLinkDialogProps) {
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [tab, setTab] = useState('new');
  return (
    <Modal
      open
      title={`${SHARE_TEXTS.dialogTitle} — ${projectName}`}
      onCancel={onClose}
      footer={null}
      width={920}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'new',
            label: SHARE_TEXTS.newTab,
            children: created ? (
              <CreatedShareLinkResult link={created} onAnother={() => setCreated(null)} />
            ) : (
              <ShareLinkForm
                projectId={projectId}
                scenes={scenes}
                lots={lots}
                start={start}
                onCreated={setCreated}
              />
            ),
          },
          { key: 'list', label: SHARE_TEXTS.listTab, children: <ShareLinksTable projectId={projectId} /> },
        ]}
      />
    </Modal>
  );
}
