import type { ReactElement } from 'react';
import type { ShellPageName } from '@scholars/shared-contracts';
import { HomePage } from '../features/home/HomePage';
import { NotFound } from '../features/pages/NotFound';
import { SubscriptionOutcome } from '../features/pages/SubscriptionOutcome';
import { AboutPage } from '../features/pages/AboutPage';
import { PrivacyPolicyPage } from '../features/pages/PrivacyPolicyPage';
import { TeamMemberPage } from '../features/pages/TeamMemberPage';
import { ContactPage } from '../features/contact/ContactPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { OtpPage } from '../features/auth/OtpPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { NewPasswordPage } from '../features/auth/NewPasswordPage';

/** The screens the shell renders itself (the accounts and content screens fill in with the shell issue). */
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
  NotFound: () => <NotFound />,
};
