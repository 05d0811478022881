import { isPlainUser, type Role } from '@mirante/shared';

/** The roles and permissions: USER sees group names without their customer; other roles see 'group (customer)'. */
export function groupLabel(
  group: { name: string; customer: string | null } | null,
  role: Role,
): string | undefined {
  if (!group) return undefined;
  return isPlainUser({ role }) || !group.customer ? group.name : `${group.name} (${group.customer})`;
}
