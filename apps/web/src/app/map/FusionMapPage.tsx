import { MapScreen } from '../../features/map/components/MapScreen';
import { MAP_EXTENSIONS } from './mapExtensions';

/** The Fusion map (lazy chunk `map-*`: the login page never downloads MapLibre). */
export default function FusionMapPage() {
  return <MapScreen extensions={MAP_EXTENSIONS} />;
}
