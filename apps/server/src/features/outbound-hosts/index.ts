/** The outbound-hosts feature's public entry: the service other parts of the server read the allowed hosts from. */
export { createOutboundHostsRepo, type OutboundHostsRepo } from './outbound-hosts.repo';
export { createOutboundHostsService } from './outbound-hosts.service';
