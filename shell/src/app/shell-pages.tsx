import type { ReactElement } from 'react';
import type { ShellPageName } from '@scholars/shared-contracts';
import { HomePage } from '../features/home/HomePage';
import { NotFound } from '../features/pages/NotFound';
import { ComingSoon } from '../features/pages/ComingSoon';
import { SubscriptionOutcome } from '../features/pages/SubscriptionOutcome';
import { AboutPage } from '../features/pages/AboutPage';
import { PrivacyPolicyPage } from '../features/pages/PrivacyPolicyPage';
import { TeamMemberPage } from '../features/pages/TeamMemberPage';

/** The screens the shell renders itself (the accounts and content screens fill in with the shell issue). */
export const shellPages: Record<ShellPageName, () => ReactElement> = {
  Home: () => <HomePage />,
  About: () => <AboutPage />,
  Contact: () => <ComingSoon titleKey="contact" />,
  PrivacyPolicy: () => <PrivacyPolicyPage />,
  Login: () => <ComingSoon titleKey="login" />,
  Register: () => <ComingSoon titleKey="register" />,
  ForgotPassword: () => <ComingSoon titleKey="forgotPassword" />,
  OtpVerification: () => <ComingSoon titleKey="otp" />,
  ResetPassword: () => <ComingSoon titleKey="resetPassword" />,
  ChangePassword: () => <ComingSoon titleKey="changePassword" />,
  SubscriptionSuccess: () => <SubscriptionOutcome outcome="success" />,
  SubscriptionFailed: () => <SubscriptionOutcome outcome="failed" />,
  TeamMember: () => <TeamMemberPage />,
  NotFound: () => <NotFound />,
};
