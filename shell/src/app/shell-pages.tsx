import type { ReactElement } from 'react';
import type { ShellPageName } from '@scholars/shared-contracts';
import { HomePage } from '../features/home/HomePage';
import { NotFound } from '../features/pages/NotFound';
import { ComingSoon } from '../features/pages/ComingSoon';
import { SubscriptionOutcome } from '../features/pages/SubscriptionOutcome';

/** The screens the shell renders itself (the accounts and content screens fill in with the shell issue). */
export const shellPages: Record<ShellPageName, () => ReactElement> = {
  Home: () => <HomePage />,
  About: () => <ComingSoon titleKey="about" />,
  Contact: () => <ComingSoon titleKey="contact" />,
  PrivacyPolicy: () => <ComingSoon titleKey="privacy" />,
  Login: () => <ComingSoon titleKey="login" />,
  Register: () => <ComingSoon titleKey="register" />,
  ForgotPassword: () => <ComingSoon titleKey="forgotPassword" />,
  OtpVerification: () => <ComingSoon titleKey="otp" />,
  ResetPassword: () => <ComingSoon titleKey="resetPassword" />,
  ChangePassword: () => <ComingSoon titleKey="changePassword" />,
  SubscriptionSuccess: () => <SubscriptionOutcome outcome="success" />,
  SubscriptionFailed: () => <SubscriptionOutcome outcome="failed" />,
  TeamMember: () => <ComingSoon titleKey="team" />,
  NotFound: () => <NotFound />,
};
