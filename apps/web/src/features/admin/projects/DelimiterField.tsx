import { App, Button, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { DelimiterInput } from '@mirante/shared';
import { delimiterFromGeoJson } from './projectFormValues';
import { PROJECT_TAB_TEXTS } from './texts';

const pointCount = (delimiter: DelimiterInput) =>
  (delimiter.type === 'Polygon' ? [delimiter.coordinates] : delimiter.coordinates)
    .flat()
    .reduce((sum, ring) => sum + ring.length, 0);

/** The boundary as a form field: loaded from a GeoJSON file, shown as a summary, removable. */
export function DelimiterField({
  value,
  onChange,
}: {
  value?: DelimiterInput | null;
  onChange?(value: DelimiterInput | null): void;
}) {
  const { message } = App.useApp();

  const load = async (file: File) => {
    try {
      const delimiter = delimiterFromGeoJson(await file.text());
      if (delimiter) onChange?.(delimiter);
      else void message.error(PROJECT_TAB_TEXTS.delimiterFileInvalid);
    } catch {
      void message.error(PROJECT_TAB_TEXTS.delimiterUnreadable);
    }
  };

  return (
    <Space wrap>
      <span data-testid="delimiter-summary">
        {value
          ? `${value.type === 'Polygon' ? 'Polígono' : 'Multipolígono'} com ${pointCount(value)} vértices`
          : 'Sem contorno'}
      </span>
      <Upload
        accept=".geojson,.json,application/geo+json,application/json"
        showUploadList={false}
        beforeUpload={(file) => {
          void load(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>Carregar GeoJSON</Button>
      </Upload>
      {value && (
        <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.(null)}>
          Remover contorno
        </Button>
      )}
    </Space>
  );
}
