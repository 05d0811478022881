import { ExperimentOutlined } from '@ant-design/icons';

/** The text every page of the demonstration shows. */
export const DEMO_BANNER_TEXT = 'Demonstração — não use com dados reais';

/** A slim strip over every page of the demonstration, so nobody mistakes it for a real install. */
export function DemoBanner() {
  return (
    <div className="demo-banner" role="note" aria-label={DEMO_BANNER_TEXT} data-testid="demo-banner">
      <ExperimentOutlined aria-hidden className="demo-banner__icon" />
      <span>{DEMO_BANNER_TEXT}</span>
    </div>
  );
}
