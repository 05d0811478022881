import { outboundHostsApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { OutboundHostsService } from './outbound-hosts.service';

/** The ADMIN's list of internal hosts that user-supplied URLs may reach (an on-premise ERP). */
export function registerOutboundHostsRoutes(route: Router, outboundHosts: OutboundHostsService): void {
  route(outboundHostsApi.listOutboundHosts, () => outboundHosts.list());
  route(outboundHostsApi.saveOutboundHosts, ({ user, body }) => outboundHosts.save(user, body.hosts));
}
