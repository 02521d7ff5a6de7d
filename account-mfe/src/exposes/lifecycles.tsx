// single-spa lifecycles: mount this remote alone on any HTML page (see README).
import css from '../index.css?inline';
import * as contracts from '@scholars/shared-contracts';
import { createRemoteLifecycles } from '@scholars/shared-contracts/embedding';
import { NAMESPACE, resources } from '../i18n';
import { Profile } from '../pages/Profile';
import { UserProfile } from '../pages/UserProfile';
import { Billing } from '../pages/Billing';
import { PricingSection } from '../widgets/PricingSection';
import { SupervisionInvitation } from '../pages/SupervisionInvitation';
import { AdminUsers } from '../pages/admin/AdminUsers';
import { AdminUser } from '../pages/admin/AdminUser';
import { AuditLog } from '../pages/admin/AuditLog';
import { MailOutbox } from '../pages/admin/MailOutbox';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  css,
  contracts,
  routes: [
    { path: '/profile', Component: Profile },
    { path: '/user-profile/:id', Component: UserProfile },
    { path: '/billing', Component: Billing },
    { path: '/pricing', Component: PricingSection },
    { path: '/supervision/:token', Component: SupervisionInvitation },
    // The console's screens (the API refuses them without an administrator's session).
    { path: '/admin/users', Component: AdminUsers },
    { path: '/admin/users/:id', Component: AdminUser },
    { path: '/admin/audit-log', Component: AuditLog },
    { path: '/admin/outbox', Component: MailOutbox },
  ],
  translations: { namespace: NAMESPACE, resources },
});
