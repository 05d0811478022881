import { UnderConstructionScreen } from '../../../shared/status/UnderConstructionScreen';

/** The allotment map. Lazy-loaded (chunk `map-*`) so the login page never downloads the map library. */
export default function FusionMapPage() {
  return <UnderConstructionScreen title="Mapa do loteamento" />;
}
