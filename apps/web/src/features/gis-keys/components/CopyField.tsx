import { Button, Input, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { GIS_KEY_TEXTS } from '../texts';

/** A read-only text with a 'Copiar' button (the clipboard may be refused: the text is then selected by hand). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const message = useFeedback();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void message.success(GIS_KEY_TEXTS.copied);
    } catch {
      void message.warning(GIS_KEY_TEXTS.copyFailed);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={value} aria-label={label} onFocus={(event) => event.target.select()} />
      <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} aria-label={`Copiar ${label}`}>
        Copiar
      </Button>
    </Space.Compact>
  );
}
