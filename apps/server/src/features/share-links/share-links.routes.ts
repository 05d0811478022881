import { shareLinksApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import { clientAddress } from '../../http/trust-proxy';
import type { CredentialThrottle } from '../auth';
import type { ShareLinksService } from './share-links.service';

/** A shared view's tile may be kept by the browser a little; the link is checked again after that. */
const SHARED_TILE_CACHING = 'private, max-age=300';

export function registerShareLinkRoutes(
  route: Router,
  shares: ShareLinksService,
  throttle: Pick<CredentialThrottle, 'checkSharedView' | 'sharedPassword' | 'checkSharedTiles'>,
): void {
  route(shareLinksApi.listShareLinks, async ({ user, params }) => shares.list(user, params.id));
  route(shareLinksApi.createShareLink, async ({ user, params, body }) =>
    shares.create(user, params.id, body),
  );
  route(shareLinksApi.revokeShareLink, async ({ user, params }) => shares.revoke(user, params.id));
  route(shareLinksApi.openSharedView, async ({ params, body, request }) => {
    const address = clientAddress(request);
    await throttle.checkSharedView(address);
    return shares.open(params.token, body.password, throttle.sharedPassword(address, params.token));
  });
  route(shareLinksApi.sharedTile, async ({ params, query, request }) => {
    await throttle.checkSharedTiles(clientAddress(request));
    const tile = await shares.tile(params.token, params, query);
    // The tile may sit on pooled memory that the next tile reuses: the answer gets its own copy.
    const body = Buffer.from(tile.body);
    tile.release?.();
    return { body, contentType: tile.contentType, etag: tile.etag, cacheControl: SHARED_TILE_CACHING };
  });
}
