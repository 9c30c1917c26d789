import type { CallDefinition, RoleCode } from '@ws/contract';
import { MENU, type MenuNode } from './menu.js';

/** A menu entry with the roles it inherits from its group. */
export interface MenuEntry extends MenuNode {
  group?: MenuNode;
  /** The roles allowed, own or inherited; undefined means every signed-in role. */
  allowedRoles?: readonly RoleCode[];
}

const allowed = (roles: readonly RoleCode[] | undefined, role: RoleCode) => !roles || roles.includes(role);

/** Who may see an entry: its page's call's access in the contract, else its own `roles`. */
export function rolesOf(node: MenuNode): readonly RoleCode[] | undefined {
  if (!node.call) return node.roles;
  return typeof node.call.access === 'string' ? undefined : node.call.access;
}

/**
 * Whether a role may make a call: the contract's `access`, the one permission table. Pages show a
 * button, a figure or a link only when the role may make the call behind it.
 */
export function mayCall(call: Pick<CallDefinition, 'access'>, role: RoleCode | undefined): boolean {
  if (!role) return call.access === 'public';
  return typeof call.access === 'string' || call.access.includes(role);
}

/** The menu variant a role sees: entries and groups outside its roles are gone, and so are empty groups. */
export function menuFor(role: RoleCode, menu: readonly MenuNode[] = MENU): MenuNode[] {
  return menu
    .filter((node) => allowed(rolesOf(node), role))
    .map((node) =>
      node.children ? { ...node, children: node.children.filter((child) => allowed(rolesOf(child), role)) } : node,
    )
    .filter((node) => !node.children || node.children.length > 0);
}

/** Every leaf of the tree, hidden ones included, with its group and inherited roles. */
export function leavesOf(menu: readonly MenuNode[] = MENU): MenuEntry[] {
  return menu.flatMap((node) =>
    node.children
      ? node.children.map((child) => ({ ...child, group: node, allowedRoles: rolesOf(child) ?? rolesOf(node) }))
      : [{ ...node, allowedRoles: rolesOf(node) }],
  );
}

const ALL_LEAVES = leavesOf();

/** Leaves whose route also takes a trailing parameter (`/passenger/chat_record/:userId`). */
export const PARAMETER_ROUTES: ReadonlySet<string> = new Set(['/passenger/chat_record']);

/** The leaf that owns a path: exact, or a parameter route's prefix. */
export function entryOf(path: string): MenuEntry | undefined {
  return (
    ALL_LEAVES.find((leaf) => leaf.path === path) ??
    ALL_LEAVES.find((leaf) => PARAMETER_ROUTES.has(leaf.path) && path.startsWith(`${leaf.path}/`))
  );
}

/** The group whose own path this is, for the redirect to its default page. */
export function groupOf(path: string): MenuNode | undefined {
  return MENU.find((node) => node.path === path && node.defaultPath);
}

/** Whether a role may open a path. Paths outside the menu carry no role rule. */
export function mayOpen(path: string, role: RoleCode): boolean {
  const leaf = entryOf(path);
  if (leaf) return allowed(leaf.allowedRoles, role);
  const group = groupOf(path);
  return !group || allowed(rolesOf(group), role);
}

/** Where choosing an entry goes: its path, or the embedded-page route for an external URL. */
export function targetOf(entry: MenuNode): string {
  if (!entry.url) return entry.path;
  const name = entry.path.split('/').filter(Boolean).join('-');
  return `/myiframe/${encodeURIComponent(name)}?src=${encodeURIComponent(entry.url())}`;
}

/**
 * Menu search: the visible leaves whose name, in the current language, starts with the query,
 * ignoring case. An empty query finds nothing.
 */
export function searchMenu(menu: readonly MenuNode[], query: string, nameOf: (entry: MenuNode) => string): MenuEntry[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [];
  return leavesOf(menu).filter((leaf) => !leaf.hidden && nameOf(leaf).toLowerCase().startsWith(wanted));
}
