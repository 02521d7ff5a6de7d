// Exposed to the shell: the operator console's account screens (REMOTE_ADMIN_SCREENS.account),
// rendered inside the shell's /admin frame, which owns the routes, the sign-in and role guards.
import '../index.css';
import { registerTranslations } from '../i18n';
import { AdminUsers } from '../pages/admin/AdminUsers';
import { AdminUser } from '../pages/admin/AdminUser';
import { AuditLog } from '../pages/admin/AuditLog';
import { MailOutbox } from '../pages/admin/MailOutbox';
import { ContactInbox } from '../pages/admin/ContactInbox';
import { AdminNewsletter } from '../pages/admin/AdminNewsletter';
import { AdminNewsletterSubscribers } from '../pages/admin/AdminNewsletterSubscribers';
import { AdminPayments } from '../pages/admin/AdminPayments';
import { AdminAds } from '../pages/admin/AdminAds';
import { AdminTeam } from '../pages/admin/AdminTeam';
import { AdminFaq } from '../pages/admin/AdminFaq';
import { AdminSiteSettings } from '../pages/admin/AdminSiteSettings';
import { AdminPlans } from '../pages/admin/AdminPlans';
import { AdminConsultants } from '../pages/admin/AdminConsultants';
import { AdminConsultations } from '../pages/admin/AdminConsultations';
import { AdminConsultationRatings } from '../pages/admin/AdminConsultationRatings';
import { AdminAboutPage, AdminPrivacyPolicy } from '../pages/admin/AdminSitePages';

registerTranslations();

export {
  AdminUsers,
  AdminUser,
  AuditLog,
  MailOutbox,
  ContactInbox,
  AdminNewsletter,
  AdminNewsletterSubscribers,
  AdminPayments,
  AdminAds,
  AdminTeam,
  AdminFaq,
  AdminSiteSettings,
  AdminPlans,
  AdminConsultants,
  AdminConsultations,
  AdminConsultationRatings,
  AdminAboutPage,
  AdminPrivacyPolicy,
};
