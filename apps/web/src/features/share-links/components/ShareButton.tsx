import { useState } from 'react';
import { ShareAltOutlined } from '@ant-design/icons';
import { ToolToggle } from '../../map/components/tools/ToolToggle';
import { SHARE_TEXTS } from '../texts';
import { ShareLinkDialog, type ShareLinkDialogProps } from './ShareLinkDialog';

/** The map tool that opens the share dialog (ADMINs and MANAGERs only: the map decides). */
export function ShareButton(props: Omit<ShareLinkDialogProps, 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="map-tool-group">
        <ToolToggle
          label={SHARE_TEXTS.button}
          icon={<ShareAltOutlined aria-hidden />}
          pressed={open}
          onClick={() => setOpen(true)}
        />
      </div>
      {open && <ShareLinkDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
