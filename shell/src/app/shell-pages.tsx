import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import i18next from 'i18next';
import type { ShellPageName } from '@scholars/shared-contracts';
import { HomePage } from '../features/home/HomePage';
import { AboutPage } from '../features/pages/AboutPage';

/**
 * Every screen but the home and about pages (static content, light) is its own chunk, fetched when its route is first rendered: the
 * accounts screens bring the form schemas (and zod) with them, which the home page must not pay for.
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  // The lazy pages' texts (both languages) come with the first of them (i18n/page-texts.ts).
  const Lazy = lazy(async () => {
    const [component, texts] = await Promise.all([load(), import('../i18n/page-texts')]);
    texts.addPageTexts(i18next);
    return { default: component };
  });
  return (props: P) => (
    <Suspense fallback={<div className="min-h-[50vh]" aria-busy="true" />}>
      <Lazy {...props} />
    </Suspense>
  );
}

const ContactPage = page(() => import('../features/contact/ContactPage').then((m) => m.ContactPage));
const PrivacyPolicyPage = page(() => import('../features/pages/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage));
const LoginPage = page(() => import('../features/auth/LoginPage').then((m) => m.LoginPage));
const RegisterPage = page(() => import('../features/auth/RegisterPage').then((m) => m.RegisterPage));
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const OtpPage = page(() => import('../features/auth/OtpPage').then((m) => m.OtpPage));
const NewPasswordPage = page(() => import('../features/auth/NewPasswordPage').then((m) => m.NewPasswordPage));
const SubscriptionOutcome = page(() => import('../features/pages/SubscriptionOutcome').then((m) => m.SubscriptionOutcome));
const TeamMemberPage = page(() => import('../features/pages/TeamMemberPage').then((m) => m.TeamMemberPage));
const SetupPage = page(() => import('../features/setup/SetupPage').then((m) => m.SetupPage));
const NewsletterLinkPage = page(() => import('../features/newsletter/NewsletterLinkPage').then((m) => m.NewsletterLinkPage));
// The console's frame and home are one chunk (fewer names in every page's start).
const AdminHome = page(() => import('../features/admin/AdminFrame').then((m) => m.AdminHome));
const LazyAdminFrame = page(() => import('../features/admin/AdminFrame').then((m) => m.AdminFrame));
const NotFound = page(() => import('../features/pages/NotFound').then((m) => m.NotFound));

/** The screens the shell renders itself. */
export const shellPages: Record<ShellPageName, () => ReactElement> = {
  Home: () => <HomePage />,
  About: () => <AboutPage />,
  Contact: () => <ContactPage />,
  PrivacyPolicy: () => <PrivacyPolicyPage />,
  Login: () => <LoginPage />,
  Register: () => <RegisterPage />,
  ForgotPassword: () => <ForgotPasswordPage />,
  OtpVerification: () => <OtpPage />,
  ResetPassword: () => <NewPasswordPage source="link" />,
  ChangePassword: () => <NewPasswordPage source="otp" />,
  SubscriptionSuccess: () => <SubscriptionOutcome outcome="success" />,
  SubscriptionFailed: () => <SubscriptionOutcome outcome="failed" />,
  TeamMember: () => <TeamMemberPage />,
  Setup: () => <SetupPage />,
  NewsletterLink: () => <NewsletterLinkPage />,
  AdminHome: () => <AdminHome />,
  NotFound: () => <NotFound />,
};

/** The operator console's frame (its menu and role guard) around an /admin screen: lazy, as they are. */
export const AdminFrame = LazyAdminFrame;
