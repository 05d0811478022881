import { MapScreen } from '../components/MapScreen';

/** The Area map (lazy chunk `map-*`: the login page never downloads MapLibre). */
export default function AreaMapPage() {
  return <MapScreen />;
}
