import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { HelpModal } from './HelpModal';

export function HelpButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Ajuda">
        <Button
          type="text"
          className="top-bar__icon"
          aria-label="Ajuda"
          icon={<QuestionCircleOutlined aria-hidden />}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <HelpModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
