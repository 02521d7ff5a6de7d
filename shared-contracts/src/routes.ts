/**
 * Every route of the product (spec section 2 + decisions.md): paths, builders, patterns for the
 * router, which app renders each one and which guard applies. Pure data: safe anywhere.
 */

/** The four feature remotes (federation container names too). */
export const REMOTES = ['conferences', 'community', 'library', 'account'] as const;
export type RemoteName = (typeof REMOTES)[number];

// The one shape of a row id in an address lives with the zod-free values (a page reads it without
// the route table): routeId, ROUTE_ID_PATTERN, ROW_ID_MAX.
import { rolesAllow, STAFF_ROLES, type Role, type StaffRole } from './authorization';

export { ROUTE_ID_PATTERN, ROW_ID_MAX, routeId } from './schemas/constants';

/** Page components each remote exposes (named exports of its `./pages` module). */
export const REMOTE_PAGES = {
  conferences: ['ConferenceList', 'ConferenceDetails', 'RequestConference'],
  community: ['CommunityList', 'CommunityDetails'],
  library: ['LibraryList', 'LibraryDetails', 'ResearchExchange'],
  account: ['Profile', 'UserProfile', 'Billing', 'SupervisionInvitation', 'Consultations', 'Consultant'],
} as const satisfies Record<RemoteName, readonly string[]>;
export type RemotePageName<R extends RemoteName = RemoteName> = (typeof REMOTE_PAGES)[R][number];

/**
 * Operator screens each remote exposes (named exports of its `./admin` module), rendered inside the
 * shell's `/admin` frame. A remote that is down breaks only its own screens.
 */
export const REMOTE_ADMIN_SCREENS = {
  conferences: ['AdminConferences', 'AdminConference', 'ConferenceRegistrations', 'ConferenceRequestsQueue', 'ConferenceCategories'],
  community: ['ModerationQueue', 'ModerationItem', 'ChatModeration'],
  library: [
    'ReviewQueue',
    'SupervisorConsole',
    'ReviewSubmission',
    'ResearchMetadata',
    'AdminLibrary',
    'AdminEbook',
    'AdminUniversities',
    'AdminCommunityCategories',
    'AdminReasonTemplates',
  ],
  account: [
    'AdminUsers',
    'AdminUser',
    'AuditLog',
    'MailOutbox',
    'ContactInbox',
    'AdminNewsletter',
    'AdminNewsletterSubscribers',
    'AdminPayments',
    'AdminAds',
    'AdminTeam',
    'AdminFaq',
    'AdminSiteSettings',
    'AdminPlans',
    // Consultations (issue 23, console).
    'AdminConsultants',
    'AdminConsultations',
    'AdminConsultationRatings',
    // The about page and the privacy policy (issue 19, site pages).
    'AdminAboutPage',
    'AdminPrivacyPolicy',
  ],
} as const satisfies Record<RemoteName, readonly string[]>;
export type RemoteAdminScreenName<R extends RemoteName = RemoteName> = (typeof REMOTE_ADMIN_SCREENS)[R][number];

/** Pages the shell renders itself. */
export const SHELL_PAGES = [
  'Home',
  'About',
  'Contact',
  'PrivacyPolicy',
  'Login',
  'Register',
  'ForgotPassword',
  'OtpVerification',
  'ResetPassword',
  'ChangePassword',
  'SubscriptionSuccess',
  'SubscriptionFailed',
  'TeamMember',
  'Setup',
  'NewsletterLink',
  'AdminHome',
  'NotFound',
] as const;
export type ShellPageName = (typeof SHELL_PAGES)[number];

/** `public`: anyone; `auth`: signed-in only (else /login?redirect=...); `guest-only`: signed-in users go to '/'. */
export type RouteGuard = 'public' | 'auth' | 'guest-only';

export type RouteOwner =
  | { app: 'shell'; page: ShellPageName }
  | { [R in RemoteName]: { app: R; page: RemotePageName<R> } }[RemoteName]
  | { [R in RemoteName]: { app: R; admin: RemoteAdminScreenName<R> } }[RemoteName];

/** Patterns in React Router syntax. */
export const ROUTE_PATTERNS = {
  home: '/',
  conferences: '/conferences/:id',
  conference: '/conference/:id',
  login: '/login',
  register: '/register',
  about: '/about',
  researchCommunity: '/research-community',
  community: '/community',
  communityDetails: '/community/:id',
  researchLibrary: '/research-library',
  researchLibraryDetails: '/research-library/:id',
  requestConference: '/request-conference',
  researchExchange: '/research-exchange',
  profile: '/profile',
  userProfile: '/user-profile/:id',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  resetPasswordToken: '/reset-password/:token',
  otpVerification: '/otp-verification',
  changePassword: '/change-password',
  success: '/success',
  failed: '/failed',
  team: '/team/:id',
  /** The first administrator's one-time link (printed at start while none exists). */
  setup: '/setup/:token',
  /** An academic answers a student's invitation to supervise them (the e-mailed link). */
  supervisionInvitation: '/supervision/:token',
  /** A newsletter subscriber's e-mailed link (`confirm` or `unsubscribe`, `?token=`): a button that does it. */
  newsletterLink: '/newsletter/:action',
  /** Academic consultations (issue 23): the consultants, and one consultant's page with its free slots. */
  consultations: '/consultations',
  consultant: '/consultations/:id',
  /** The operator console (shell frame; screens from the remotes). */
  admin: '/admin',
  adminReview: '/admin/review',
  adminSupervision: '/admin/supervision',
  adminResearch: '/admin/research/:id',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:id',
  adminAuditLog: '/admin/audit-log',
  adminOutbox: '/admin/outbox',
  /** The contact form's messages (issue 20); `?open=<id>` shows one. */
  adminContactMessages: '/admin/contact-messages',
  /** The newsletter's issues (issue 20); `?issue=<id>|new` opens one in the composer. */
  adminNewsletter: '/admin/newsletter',
  adminNewsletterSubscribers: '/admin/newsletter/subscribers',
  /** Every member's invoices: search, states, days, CSV; a row opens its member. */
  adminPayments: '/admin/payments',
  /** Reports and moderation (issue 20): the queue, a reported item (`type`: chat_message, research, profile), chat moderation (`?research=<id>`). */
  adminModeration: '/admin/moderation',
  adminModerationItem: '/admin/moderation/:type/:id',
  adminChatModeration: '/admin/moderation/chats',
  // Content (issue 19). A record's screen with the id `new` is its creation form.
  adminConferences: '/admin/conferences',
  adminConference: '/admin/conferences/:id',
  adminConferenceRegistrations: '/admin/conferences/:id/registrations',
  adminConferenceRequests: '/admin/conference-requests',
  adminConferenceCategories: '/admin/conference-categories',
  adminLibrary: '/admin/library',
  adminEbook: '/admin/library/:id',
  adminResearchEdit: '/admin/research/:id/edit',
  adminUniversities: '/admin/universities',
  adminCommunityCategories: '/admin/community-categories',
  adminReasonTemplates: '/admin/reason-templates',
  adminAds: '/admin/ads',
  adminTeam: '/admin/team',
  adminFaq: '/admin/faq',
  adminSiteSettings: '/admin/site-settings',
  adminPlans: '/admin/plans',
  // Consultations (issue 23, console): `?open=<id>` shows one consultant / session.
  adminConsultants: '/admin/consultants',
  adminConsultations: '/admin/consultations',
  adminConsultationRatings: '/admin/consultation-ratings',
  // The about page and the privacy policy (issue 19, site pages).
  adminAboutPage: '/admin/pages/about',
  adminPrivacyPolicy: '/admin/pages/privacy',
  notFound: '*',
} as const;
export type RouteName = keyof typeof ROUTE_PATTERNS;
export type RoutePattern = (typeof ROUTE_PATTERNS)[RouteName];

type Id = string | number;
const seg = (value: Id) => encodeURIComponent(String(value));

/** Anchors of the home page sections (spec 2). */
export const HOME_ANCHORS = { pricing: 'pricing', contact: 'contact' } as const;

/** Concrete paths: `ROUTES.home`, `ROUTES.conference(12)`, `ROUTES.conferences(categoryId)`. */
export const ROUTES = {
  home: '/',
  /** Conference list of a category (the id is a category id). */
  conferences: (categoryId: Id) => `/conferences/${seg(categoryId)}`,
  conference: (id: Id) => `/conference/${seg(id)}`,
  login: '/login',
  register: '/register',
  about: '/about',
  researchCommunity: '/research-community',
  /** `/community` (same screen as /research-community) or `/community/{id}`. */
  community: (id?: Id) => (id === undefined ? '/community' : `/community/${seg(id)}`),
  researchLibrary: '/research-library',
  researchLibraryDetails: (id: Id) => `/research-library/${seg(id)}`,
  requestConference: '/request-conference',
  researchExchange: '/research-exchange',
  profile: '/profile',
  userProfile: (id: Id) => `/user-profile/${seg(id)}`,
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  forgotPassword: '/forgot-password',
  resetPassword: (token?: string) => (token === undefined ? '/reset-password' : `/reset-password/${seg(token)}`),
  otpVerification: '/otp-verification',
  changePassword: '/change-password',
  success: '/success',
  failed: '/failed',
  team: (id: Id) => `/team/${seg(id)}`,
  setup: (token: string) => `/setup/${seg(token)}`,
  supervisionInvitation: (token: string) => `/supervision/${seg(token)}`,
  newsletterLink: (action: 'confirm' | 'unsubscribe', token: string) => `/newsletter/${action}?token=${encodeURIComponent(token)}`,
  consultations: '/consultations',
  consultant: (id: Id) => `/consultations/${seg(id)}`,
  admin: '/admin',
  adminReview: '/admin/review',
  adminSupervision: '/admin/supervision',
  adminResearch: (id: Id) => `/admin/research/${seg(id)}`,
  adminUsers: '/admin/users',
  adminUser: (id: Id) => `/admin/users/${seg(id)}`,
  adminAuditLog: '/admin/audit-log',
  adminOutbox: '/admin/outbox',
  adminContactMessages: '/admin/contact-messages',
  adminNewsletter: '/admin/newsletter',
  adminNewsletterSubscribers: '/admin/newsletter/subscribers',
  adminPayments: '/admin/payments',
  adminModeration: '/admin/moderation',
  adminModerationItem: (type: string, id: Id) => `/admin/moderation/${seg(type)}/${seg(id)}`,
  adminChatModeration: (researchId?: Id) => (researchId === undefined ? '/admin/moderation/chats' : `/admin/moderation/chats?research=${seg(researchId)}`),
  adminConferences: '/admin/conferences',
  /** A conference's editor; `'new'` opens an empty one. */
  adminConference: (id: Id | 'new') => `/admin/conferences/${seg(id)}`,
  adminConferenceRegistrations: (id: Id) => `/admin/conferences/${seg(id)}/registrations`,
  adminConferenceRequests: '/admin/conference-requests',
  adminConferenceCategories: '/admin/conference-categories',
  adminLibrary: '/admin/library',
  /** A library item's editor; `'new'` opens an empty one. */
  adminEbook: (id: Id | 'new') => `/admin/library/${seg(id)}`,
  adminResearchEdit: (id: Id) => `/admin/research/${seg(id)}/edit`,
  adminUniversities: '/admin/universities',
  adminCommunityCategories: '/admin/community-categories',
  adminReasonTemplates: '/admin/reason-templates',
  adminAds: '/admin/ads',
  adminTeam: '/admin/team',
  adminFaq: '/admin/faq',
  adminSiteSettings: '/admin/site-settings',
  adminPlans: '/admin/plans',
  // Consultations (issue 23, console).
  adminConsultants: '/admin/consultants',
  adminConsultations: '/admin/consultations',
  adminConsultationRatings: '/admin/consultation-ratings',
  // The about page and the privacy policy (issue 19, site pages).
  adminAboutPage: '/admin/pages/about',
  adminPrivacyPolicy: '/admin/pages/privacy',
  /** Home page pricing section. */
  pricing: `/#${HOME_ANCHORS.pricing}`,
  /** Home page contact section. */
  contactSection: `/#${HOME_ANCHORS.contact}`,
} as const;

/** Where a failed token refresh sends the user (decisions.md). */
export const SESSION_EXPIRED_PATH = '/login?error=session_expired';

/** Why a session ended without the user ending it in this tab (the token store's `selectSessionEnd`). */
export type SessionEnd = 'expired' | 'suspended' | 'elsewhere' | null;

/** The sign-in page saying why the session ended (its `error` parameter). */
const SESSION_END_PATHS = {
  expired: SESSION_EXPIRED_PATH,
  suspended: '/login?error=account_suspended',
  elsewhere: '/login?error=signed_out_elsewhere',
} as const;

export interface RouteDefinition {
  name: RouteName;
  pattern: RoutePattern;
  owner: RouteOwner;
  guard: RouteGuard;
  /**
   * Operator screens: the roles that may open it (an `auth` route): those of the API's
   * authorization table for the call whose data the screen shows (routes.test.ts checks that they
   * are the same, `CONSOLE_ROUTE_ACCESS`). Written out here, not read with `rolesFor`: every page's
   * start reads this table, and the API's whole table (~1 KiB) would come with it. A signed-in user
   * without one of them sees the 403 page; the console's menu lists only what the user's roles allow.
   */
  roles?: readonly Role[];
}

const shell = (page: ShellPageName): RouteOwner => ({ app: 'shell', page });
const remote = <R extends RemoteName>(app: R, page: RemotePageName<R>) => ({ app, page }) as RouteOwner;
const adminScreen = <R extends RemoteName>(app: R, admin: RemoteAdminScreenName<R>) => ({ app, admin }) as RouteOwner;

/**
 * The route table, in matching order (specific before `*`). `/profile` needs sign-in and the
 * guest-only set covers the OTP and tokenised reset routes (decisions.md fixes).
 */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  { name: 'home', pattern: ROUTE_PATTERNS.home, owner: shell('Home'), guard: 'public' },
  { name: 'about', pattern: ROUTE_PATTERNS.about, owner: shell('About'), guard: 'public' },
  { name: 'contact', pattern: ROUTE_PATTERNS.contact, owner: shell('Contact'), guard: 'public' },
  { name: 'privacyPolicy', pattern: ROUTE_PATTERNS.privacyPolicy, owner: shell('PrivacyPolicy'), guard: 'public' },
  { name: 'success', pattern: ROUTE_PATTERNS.success, owner: shell('SubscriptionSuccess'), guard: 'public' },
  { name: 'failed', pattern: ROUTE_PATTERNS.failed, owner: shell('SubscriptionFailed'), guard: 'public' },
  { name: 'team', pattern: ROUTE_PATTERNS.team, owner: shell('TeamMember'), guard: 'public' },
  { name: 'setup', pattern: ROUTE_PATTERNS.setup, owner: shell('Setup'), guard: 'public' },
  { name: 'newsletterLink', pattern: ROUTE_PATTERNS.newsletterLink, owner: shell('NewsletterLink'), guard: 'public' },
  { name: 'login', pattern: ROUTE_PATTERNS.login, owner: shell('Login'), guard: 'guest-only' },
  { name: 'register', pattern: ROUTE_PATTERNS.register, owner: shell('Register'), guard: 'guest-only' },
  { name: 'forgotPassword', pattern: ROUTE_PATTERNS.forgotPassword, owner: shell('ForgotPassword'), guard: 'guest-only' },
  { name: 'otpVerification', pattern: ROUTE_PATTERNS.otpVerification, owner: shell('OtpVerification'), guard: 'guest-only' },
  { name: 'resetPassword', pattern: ROUTE_PATTERNS.resetPassword, owner: shell('ResetPassword'), guard: 'guest-only' },
  { name: 'resetPasswordToken', pattern: ROUTE_PATTERNS.resetPasswordToken, owner: shell('ResetPassword'), guard: 'guest-only' },
  { name: 'changePassword', pattern: ROUTE_PATTERNS.changePassword, owner: shell('ChangePassword'), guard: 'guest-only' },
  { name: 'conferences', pattern: ROUTE_PATTERNS.conferences, owner: remote('conferences', 'ConferenceList'), guard: 'public' },
  { name: 'conference', pattern: ROUTE_PATTERNS.conference, owner: remote('conferences', 'ConferenceDetails'), guard: 'public' },
  { name: 'requestConference', pattern: ROUTE_PATTERNS.requestConference, owner: remote('conferences', 'RequestConference'), guard: 'auth' },
  { name: 'researchCommunity', pattern: ROUTE_PATTERNS.researchCommunity, owner: remote('community', 'CommunityList'), guard: 'auth' },
  { name: 'community', pattern: ROUTE_PATTERNS.community, owner: remote('community', 'CommunityList'), guard: 'auth' },
  { name: 'communityDetails', pattern: ROUTE_PATTERNS.communityDetails, owner: remote('community', 'CommunityDetails'), guard: 'auth' },
  { name: 'researchLibrary', pattern: ROUTE_PATTERNS.researchLibrary, owner: remote('library', 'LibraryList'), guard: 'auth' },
  { name: 'researchLibraryDetails', pattern: ROUTE_PATTERNS.researchLibraryDetails, owner: remote('library', 'LibraryDetails'), guard: 'auth' },
  { name: 'researchExchange', pattern: ROUTE_PATTERNS.researchExchange, owner: remote('library', 'ResearchExchange'), guard: 'auth' },
  { name: 'profile', pattern: ROUTE_PATTERNS.profile, owner: remote('account', 'Profile'), guard: 'auth' },
  { name: 'userProfile', pattern: ROUTE_PATTERNS.userProfile, owner: remote('account', 'UserProfile'), guard: 'public' },
  { name: 'supervisionInvitation', pattern: ROUTE_PATTERNS.supervisionInvitation, owner: remote('account', 'SupervisionInvitation'), guard: 'public' },
  { name: 'consultations', pattern: ROUTE_PATTERNS.consultations, owner: remote('account', 'Consultations'), guard: 'public' },
  { name: 'consultant', pattern: ROUTE_PATTERNS.consultant, owner: remote('account', 'Consultant'), guard: 'public' },
  { name: 'admin', pattern: ROUTE_PATTERNS.admin, owner: shell('AdminHome'), guard: 'auth', roles: STAFF_ROLES },
  { name: 'adminReview', pattern: ROUTE_PATTERNS.adminReview, owner: adminScreen('library', 'ReviewQueue'), guard: 'auth', roles: ['reviewer', 'admin'] },
  { name: 'adminSupervision', pattern: ROUTE_PATTERNS.adminSupervision, owner: adminScreen('library', 'SupervisorConsole'), guard: 'auth', roles: ['supervisor'] },
  { name: 'adminResearch', pattern: ROUTE_PATTERNS.adminResearch, owner: adminScreen('library', 'ReviewSubmission'), guard: 'auth', roles: ['supervisor', 'reviewer', 'admin'] },
  { name: 'adminUsers', pattern: ROUTE_PATTERNS.adminUsers, owner: adminScreen('account', 'AdminUsers'), guard: 'auth', roles: ['admin'] },
  { name: 'adminUser', pattern: ROUTE_PATTERNS.adminUser, owner: adminScreen('account', 'AdminUser'), guard: 'auth', roles: ['admin'] },
  { name: 'adminAuditLog', pattern: ROUTE_PATTERNS.adminAuditLog, owner: adminScreen('account', 'AuditLog'), guard: 'auth', roles: ['admin'] },
  { name: 'adminOutbox', pattern: ROUTE_PATTERNS.adminOutbox, owner: adminScreen('account', 'MailOutbox'), guard: 'auth', roles: ['admin'] },
  { name: 'adminContactMessages', pattern: ROUTE_PATTERNS.adminContactMessages, owner: adminScreen('account', 'ContactInbox'), guard: 'auth', roles: ['admin'] },
  { name: 'adminNewsletter', pattern: ROUTE_PATTERNS.adminNewsletter, owner: adminScreen('account', 'AdminNewsletter'), guard: 'auth', roles: ['admin'] },
  { name: 'adminNewsletterSubscribers', pattern: ROUTE_PATTERNS.adminNewsletterSubscribers, owner: adminScreen('account', 'AdminNewsletterSubscribers'), guard: 'auth', roles: ['admin'] },
  { name: 'adminPayments', pattern: ROUTE_PATTERNS.adminPayments, owner: adminScreen('account', 'AdminPayments'), guard: 'auth', roles: ['admin'] },
  { name: 'adminConferences', pattern: ROUTE_PATTERNS.adminConferences, owner: adminScreen('conferences', 'AdminConferences'), guard: 'auth', roles: ['admin'] },
  { name: 'adminConference', pattern: ROUTE_PATTERNS.adminConference, owner: adminScreen('conferences', 'AdminConference'), guard: 'auth', roles: ['admin'] },
  { name: 'adminConferenceRegistrations', pattern: ROUTE_PATTERNS.adminConferenceRegistrations, owner: adminScreen('conferences', 'ConferenceRegistrations'), guard: 'auth', roles: ['admin'] },
  { name: 'adminConferenceRequests', pattern: ROUTE_PATTERNS.adminConferenceRequests, owner: adminScreen('conferences', 'ConferenceRequestsQueue'), guard: 'auth', roles: ['reviewer', 'admin'] },
  { name: 'adminConferenceCategories', pattern: ROUTE_PATTERNS.adminConferenceCategories, owner: adminScreen('conferences', 'ConferenceCategories'), guard: 'auth', roles: ['admin'] },
  { name: 'adminLibrary', pattern: ROUTE_PATTERNS.adminLibrary, owner: adminScreen('library', 'AdminLibrary'), guard: 'auth', roles: ['admin'] },
  { name: 'adminEbook', pattern: ROUTE_PATTERNS.adminEbook, owner: adminScreen('library', 'AdminEbook'), guard: 'auth', roles: ['admin'] },
  { name: 'adminResearchEdit', pattern: ROUTE_PATTERNS.adminResearchEdit, owner: adminScreen('library', 'ResearchMetadata'), guard: 'auth', roles: ['admin'] },
  { name: 'adminUniversities', pattern: ROUTE_PATTERNS.adminUniversities, owner: adminScreen('library', 'AdminUniversities'), guard: 'auth', roles: ['admin'] },
  { name: 'adminCommunityCategories', pattern: ROUTE_PATTERNS.adminCommunityCategories, owner: adminScreen('library', 'AdminCommunityCategories'), guard: 'auth', roles: ['admin'] },
  { name: 'adminReasonTemplates', pattern: ROUTE_PATTERNS.adminReasonTemplates, owner: adminScreen('library', 'AdminReasonTemplates'), guard: 'auth', roles: ['admin'] },
  { name: 'adminAds', pattern: ROUTE_PATTERNS.adminAds, owner: adminScreen('account', 'AdminAds'), guard: 'auth', roles: ['admin'] },
  { name: 'adminTeam', pattern: ROUTE_PATTERNS.adminTeam, owner: adminScreen('account', 'AdminTeam'), guard: 'auth', roles: ['admin'] },
  { name: 'adminFaq', pattern: ROUTE_PATTERNS.adminFaq, owner: adminScreen('account', 'AdminFaq'), guard: 'auth', roles: ['admin'] },
  { name: 'adminSiteSettings', pattern: ROUTE_PATTERNS.adminSiteSettings, owner: adminScreen('account', 'AdminSiteSettings'), guard: 'auth', roles: ['admin'] },
  { name: 'adminPlans', pattern: ROUTE_PATTERNS.adminPlans, owner: adminScreen('account', 'AdminPlans'), guard: 'auth', roles: ['admin'] },
  // Reports and moderation (issue 20).
  { name: 'adminModeration', pattern: ROUTE_PATTERNS.adminModeration, owner: adminScreen('community', 'ModerationQueue'), guard: 'auth', roles: ['reviewer', 'admin'] },
  { name: 'adminModerationItem', pattern: ROUTE_PATTERNS.adminModerationItem, owner: adminScreen('community', 'ModerationItem'), guard: 'auth', roles: ['reviewer', 'admin'] },
  { name: 'adminChatModeration', pattern: ROUTE_PATTERNS.adminChatModeration, owner: adminScreen('community', 'ChatModeration'), guard: 'auth', roles: ['reviewer', 'admin'] },
  // Consultations (issue 23, console).
  { name: 'adminConsultants', pattern: ROUTE_PATTERNS.adminConsultants, owner: adminScreen('account', 'AdminConsultants'), guard: 'auth', roles: ['admin'] },
  { name: 'adminConsultations', pattern: ROUTE_PATTERNS.adminConsultations, owner: adminScreen('account', 'AdminConsultations'), guard: 'auth', roles: ['admin'] },
  { name: 'adminConsultationRatings', pattern: ROUTE_PATTERNS.adminConsultationRatings, owner: adminScreen('account', 'AdminConsultationRatings'), guard: 'auth', roles: ['admin'] },
  // The about page and the privacy policy (issue 19, site pages).
  { name: 'adminAboutPage', pattern: ROUTE_PATTERNS.adminAboutPage, owner: adminScreen('account', 'AdminAboutPage'), guard: 'auth', roles: ['admin'] },
  { name: 'adminPrivacyPolicy', pattern: ROUTE_PATTERNS.adminPrivacyPolicy, owner: adminScreen('account', 'AdminPrivacyPolicy'), guard: 'auth', roles: ['admin'] },
  { name: 'notFound', pattern: ROUTE_PATTERNS.notFound, owner: shell('NotFound'), guard: 'public' },
];

export interface RouteMatch extends RouteDefinition {
  params: Record<string, string>;
}

/**
 * The route rendering `pathname` (React Router's rules for these patterns: case-insensitive,
 * trailing slash ignored, `:param` is one non-empty segment); unmatched paths give `notFound`.
 */
export function matchRoute(pathname: string): RouteMatch {
  const path = (pathname.split(/[?#]/)[0] ?? '/') || '/';
  const parts = path.split('/').filter(Boolean);
  for (const route of ROUTE_TABLE) {
    if (route.pattern === '*') continue;
    const patternParts = route.pattern.split('/').filter(Boolean);
    if (patternParts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matched = patternParts.every((part, index) => {
      const actual = parts[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = safeDecode(actual);
        return true;
      }
      return part.toLowerCase() === actual.toLowerCase();
    });
    if (matched) return { ...route, params };
  }
  const notFound = ROUTE_TABLE[ROUTE_TABLE.length - 1] as RouteDefinition;
  return { ...notFound, params: {} };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether an account with these staff roles may open `route` (routes without roles: yes). */
export function routeAllows(route: Pick<RouteDefinition, 'roles'>, roles: readonly StaffRole[]): boolean {
  return !route.roles || rolesAllow(roles, route.roles);
}

/** The operator console's screens this account may open, in the table's order (its menu). */
export function consoleRoutesFor(roles: readonly StaffRole[]): RouteDefinition[] {
  return ROUTE_TABLE.filter((route) => route.roles && route.name !== 'admin' && !route.pattern.includes(':') && routeAllows(route, roles));
}

/** The guard of the route rendering `pathname`. */
export function guardOf(pathname: string): RouteGuard {
  return matchRoute(pathname).guard;
}

/** What a router guard should do: render, or redirect (auth routes to login, guest-only to '/'). */
export function guardRedirect(
  location: string | LocationLike,
  signedIn: boolean,
  /** Why the session just ended, when not by the user in this tab (the token store's `selectSessionEnd`). */
  ended: SessionEnd = null,
): { redirect: string } | null {
  const { pathname, search } = toLocation(location);
  const guard = guardOf(pathname);
  if (guard === 'auth' && !signedIn) return { redirect: ended ? sessionEndedPath(ended, location) : loginRedirectPath(location) };
  // A member on a guest page goes where its `redirect` asks (else home): the login page's own
  // navigation after sign-in and this guard then agree, whichever of the two renders first.
  if (guard === 'guest-only' && signedIn) {
    return { redirect: safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM), ROUTES.home) };
  }
  return null;
}

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

function toLocation(location: string | LocationLike): Required<LocationLike> {
  if (typeof location !== 'string') {
    return { pathname: location.pathname || '/', search: location.search ?? '', hash: location.hash ?? '' };
  }
  const hashIndex = location.indexOf('#');
  const hash = hashIndex >= 0 ? location.slice(hashIndex) : '';
  const beforeHash = hashIndex >= 0 ? location.slice(0, hashIndex) : location;
  const searchIndex = beforeHash.indexOf('?');
  return {
    pathname: (searchIndex >= 0 ? beforeHash.slice(0, searchIndex) : beforeHash) || '/',
    search: searchIndex >= 0 ? beforeHash.slice(searchIndex) : '',
    hash,
  };
}

/** Query parameter of the login page holding where to go after sign-in. */
export const REDIRECT_PARAM = 'redirect';

/**
 * `/login?redirect=<encoded path + query + hash>` (decisions.md), e.g.
 * `/request-conference?edit=42` gives `/login?redirect=%2Frequest-conference%3Fedit%3D42`.
 * Takes a React Router / `window.location`-like object or a string.
 */
/**
 * Where a session that ended without the user goes: the sign-in page saying why (a refused refresh
 * '/login?error=session_expired', a suspension, another tab), plus the way back (`&redirect=`) when
 * they were on a page that needs a session. The API client and the route guard both use it, so the
 * two land on the same URL whichever acts first.
 */
export function sessionEndedPath(ended: Exclude<SessionEnd, null>, location?: string | LocationLike): string {
  const path = SESSION_END_PATHS[ended];
  if (location === undefined) return path;
  const { pathname, search, hash } = toLocation(location);
  if (guardOf(pathname) !== 'auth') return path;
  const target = `${pathname.startsWith('/') ? '' : '/'}${pathname}${search}${hash}`;
  return `${path}&${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

export function loginRedirectPath(location: string | LocationLike): string {
  const { pathname, search, hash } = toLocation(location);
  const target = `${pathname.startsWith('/') ? '' : '/'}${pathname}${search}${hash}`;
  return `${ROUTES.login}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/**
 * The history state to send a visitor to sign in with: the page's own state (the list it was opened
 * from, `listReturnState`), which the address does not carry. After sign-in the page gets it back
 * (`stateAfterSignIn`), so its "Back to ..." still returns to that page of the list.
 */
export const signInState = (pageState: unknown): { returnState: unknown } | undefined => (pageState == null ? undefined : { returnState: pageState });

/** The page's state kept by `signInState`, for the way back after sign-in (null: none). */
export const stateAfterSignIn = (state: unknown): unknown => (state as { returnState?: unknown } | null)?.returnState ?? null;

const SAFE_BASE = 'http://same-site.invalid';

/**
 * `value` if it is a same-site relative path (`/x`, `/x?y#z`), otherwise `fallback`.
 * Rejects absolute and protocol-relative URLs (`http:`, `javascript:`, `//evil`, `/\evil`),
 * control characters and anything the URL parser would move to another origin.
 */
export function safeRedirectTarget(value: unknown, fallback: string = ROUTES.home): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SAFE_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAFE_BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
