import { useSearchParams } from 'react-router';
import type { MapType } from '../style/layerStyles';

/** Map type, preset by `?tipo=satelite` and kept in the query so links reproduce the view. */
export function useMapTypeParam(): [MapType, (value: MapType) => void] {
  const [params, setParams] = useSearchParams();
  const tipo = params.get('tipo');
  const value: MapType = tipo === 'satelite' ? 'satelite' : tipo === 'sem-imagem' ? 'sem-imagem' : 'mapa';
  const set = (next: MapType) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('tipo', next);
        return copy;
      },
      { replace: true },
    );
  return [value, set];
}
