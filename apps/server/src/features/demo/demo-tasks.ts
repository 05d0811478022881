import { prepareDemoSite, renderSceneJob } from '@mirante/demo/demo-imagery';
import { constructionDsm } from '@mirante/demo/elevation-model';

/** The demo imagery's heavy steps, on the CPU pool: the site, each scene and each phase's DSM. */
export const demoTasks = {
  prepareDemoSite: (input: Parameters<typeof prepareDemoSite>[0]) => prepareDemoSite(input),
  renderDemoScene: (input: Parameters<typeof renderSceneJob>[0]) => renderSceneJob(input),
  renderDemoDsm: (phase: number) => constructionDsm(phase),
};
