import { UnderConstructionScreen } from '../../../shared/status/UnderConstructionScreen';

/** A tab whose server side belongs to another issue (imagery ingest, AI detections) and is not wired yet. */
export function PendingTab({ title }: { title: string }) {
  return <UnderConstructionScreen title={title} />;
}
