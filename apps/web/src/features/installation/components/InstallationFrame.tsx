import type { ReactNode } from 'react';
import { useInstallation } from '../api';
import { DemoBanner } from './DemoBanner';

/**
 * Wraps every page: on the demonstration it shows the demo banner above them and sets
 * `--demo-banner-height`, which the full-height screens subtract so the page still fits the window.
 */
export function InstallationFrame({ children }: { children: ReactNode }) {
  const { data } = useInstallation();
  const demo = data?.demo === true;
  return (
    <div className={demo ? 'app-frame app-frame--demo' : 'app-frame'}>
      {demo && <DemoBanner />}
      {children}
    </div>
  );
}
