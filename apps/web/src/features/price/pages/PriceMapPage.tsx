import { PriceMapScreen } from '../components/PriceMapScreen';

/** /page/allotment-value (lazy chunk: the login page never downloads MapLibre). */
export default function PriceMapPage() {
  return <PriceMapScreen />;
}
