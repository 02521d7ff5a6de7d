import { ROUTE_TABLE, matchRoute, type RouteDefinition } from '@scholars/shared-contracts';
import type { StaffRole } from '@scholars/shared-contracts/authorization';

/*
 * `routeAllows` and `consoleRoutesFor` of shared-contracts/routes, over the shared root's route
 * table: importing the `/routes` entry here would split the route module out of the start chunks
 * (one more file on every page's start), and exporting them from the root would put them in every
 * page's start; the home page has no bytes to spare (docs/performance.md). Same rules; the
 * console's test (AdminFrame.test.tsx) covers them.
 */
const allows = (route: Pick<RouteDefinition, 'roles'>, roles: readonly StaffRole[]) =>
  !route.roles || route.roles.includes('user') || roles.some((role) => route.roles!.includes(role));

/** Whether an account with these roles may open the console screen at `pathname`. */
export const mayOpen = (pathname: string, roles: readonly StaffRole[]) => allows(matchRoute(pathname), roles);

/** The console's screens this account may open, in the table's order (its menu). */
export const consoleEntries = (roles: readonly StaffRole[]) =>
  ROUTE_TABLE.filter((route) => route.roles && route.name !== 'admin' && !route.pattern.includes(':') && allows(route, roles));
