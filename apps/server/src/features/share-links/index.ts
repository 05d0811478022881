export { createShareLinksRepo } from './share-links.repo';
export { createShareLinksService } from './share-links.service';
export { createShareAccessSigner } from './share-access';
export { registerShareLinkRoutes } from './share-links.routes';
