import { Segmented } from 'antd';
import type { MapType } from '../../style/layerStyles';

const OPTIONS: { label: string; value: MapType }[] = [
  { label: 'Mapa', value: 'mapa' },
  { label: 'Satélite', value: 'satelite' },
  { label: 'S/ imagem', value: 'sem-imagem' },
];

export function MapTypeSwitch({ value, onChange }: { value: MapType; onChange(value: MapType): void }) {
  return <Segmented<MapType> options={OPTIONS} value={value} onChange={onChange} data-testid="map-type" />;
}
