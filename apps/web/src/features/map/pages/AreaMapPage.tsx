import { UnderConstructionScreen } from '../../../shared/status/UnderConstructionScreen';

/** The area map of construction and environment projects. Lazy-loaded (chunk `map-*`). */
export default function AreaMapPage() {
  return <UnderConstructionScreen title="Mapa da área" />;
}
