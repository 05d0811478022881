import { MapScreen } from '../components/MapScreen';

/** The Fusion map (lazy chunk `map-*`: the login page never downloads MapLibre). */
export default function FusionMapPage() {
  return <MapScreen />;
}
