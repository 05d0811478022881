import { UnderConstructionScreen } from '../../../shared/status/UnderConstructionScreen';

/** Stands in for the pages later issues build (placeholder pages say they are under construction). */
export default function UnderConstructionPage({ title }: { title: string }) {
  return <UnderConstructionScreen title={title} />;
}
