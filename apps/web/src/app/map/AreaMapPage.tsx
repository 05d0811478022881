import { MapScreen } from '../../features/map/components/MapScreen';
import { MAP_EXTENSIONS } from './mapExtensions';

/** The Area map (lazy chunk `map-*`: the login page never downloads MapLibre). */
export default function AreaMapPage() {
  return <MapScreen extensions={MAP_EXTENSIONS} />;
}
