import { describe, expect, it } from 'vitest';
import { rolesFor, type ApiRouteKey } from './authorization';
import {
  REMOTES,
  REMOTE_ADMIN_SCREENS,
  REMOTE_PAGES,
  ROUTES,
  ROUTE_PATTERNS,
  ROUTE_TABLE,
  SESSION_EXPIRED_PATH,
  guardOf,
  guardRedirect,
  loginRedirectPath,
  matchRoute,
  routeId,
  safeRedirectTarget,
  sessionEndedPath,
  signInState,
  stateAfterSignIn,
} from './routes';

describe('route builders', () => {
  it('build the spec paths', () => {
    expect(ROUTES.home).toBe('/');
    expect(ROUTES.conferences(1)).toBe('/conferences/1');
    expect(ROUTES.conference('abc')).toBe('/conference/abc');
    expect(ROUTES.community()).toBe('/community');
    expect(ROUTES.community(5)).toBe('/community/5');
    expect(ROUTES.researchLibraryDetails(3)).toBe('/research-library/3');
    expect(ROUTES.userProfile(9)).toBe('/user-profile/9');
    expect(ROUTES.resetPassword('a b/c')).toBe('/reset-password/a%20b%2Fc');
    expect(ROUTES.resetPassword()).toBe('/reset-password');
    expect(ROUTES.team(4)).toBe('/team/4');
    expect(ROUTES.consultations).toBe('/consultations');
    expect(ROUTES.consultant(8)).toBe('/consultations/8');
    expect(ROUTES.pricing).toBe('/#pricing');
    expect(SESSION_EXPIRED_PATH).toBe('/login?error=session_expired');
  });

  it('every pattern is in the route table once, and every remote page is reachable or embeddable', () => {
    const patterns = ROUTE_TABLE.map((route) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect([...patterns].sort()).toEqual([...Object.values(ROUTE_PATTERNS)].sort());
    expect(REMOTES).toEqual(['conferences', 'community', 'library', 'account']);
    for (const route of ROUTE_TABLE) {
      if (route.owner.app === 'shell') continue;
      if ('admin' in route.owner) expect(REMOTE_ADMIN_SCREENS[route.owner.app] as readonly string[]).toContain(route.owner.admin);
      else expect(REMOTE_PAGES[route.owner.app] as readonly string[]).toContain(route.owner.page);
    }
  });
});

describe('matchRoute and guards', () => {
  it.each([
    ['/', 'home', 'public', 'shell'],
    ['/conferences/2', 'conferences', 'public', 'conferences'],
    ['/conference/7', 'conference', 'public', 'conferences'],
    ['/request-conference', 'requestConference', 'auth', 'conferences'],
    ['/research-community', 'researchCommunity', 'auth', 'community'],
    ['/community/', 'community', 'auth', 'community'],
    ['/community/12', 'communityDetails', 'auth', 'community'],
    ['/research-library', 'researchLibrary', 'auth', 'library'],
    ['/research-library/3', 'researchLibraryDetails', 'auth', 'library'],
    ['/research-exchange', 'researchExchange', 'auth', 'library'],
    ['/profile', 'profile', 'auth', 'account'],
    ['/user-profile/5', 'userProfile', 'public', 'account'],
    ['/consultations', 'consultations', 'public', 'account'],
    ['/consultations/4', 'consultant', 'public', 'account'],
    ['/login', 'login', 'guest-only', 'shell'],
    ['/register', 'register', 'guest-only', 'shell'],
    ['/forgot-password', 'forgotPassword', 'guest-only', 'shell'],
    ['/otp-verification', 'otpVerification', 'guest-only', 'shell'],
    ['/reset-password', 'resetPassword', 'guest-only', 'shell'],
    ['/reset-password/tok123', 'resetPasswordToken', 'guest-only', 'shell'],
    ['/change-password', 'changePassword', 'guest-only', 'shell'],
    ['/team/3', 'team', 'public', 'shell'],
    ['/success', 'success', 'public', 'shell'],
    ['/failed', 'failed', 'public', 'shell'],
    ['/about', 'about', 'public', 'shell'],
    ['/contact', 'contact', 'public', 'shell'],
    ['/privacy-policy', 'privacyPolicy', 'public', 'shell'],
    ['/no/such/page', 'notFound', 'public', 'shell'],
    ['/conference', 'notFound', 'public', 'shell'],
  ])('%s is %s (%s, %s)', (path, name, guard, app) => {
    const match = matchRoute(path);
    expect(match.name).toBe(name);
    expect(match.guard).toBe(guard);
    expect(match.owner.app).toBe(app);
  });

  it('extracts params and ignores query and hash', () => {
    expect(matchRoute('/reset-password/a%20b?x=1#y').params).toEqual({ token: 'a b' });
    expect(guardOf('/PROFILE')).toBe('auth');
  });

  it('guardRedirect sends guests to login with the full location and members away from guest pages', () => {
    expect(guardRedirect({ pathname: '/request-conference', search: '?edit=42', hash: '' }, false)).toEqual({
      redirect: '/login?redirect=%2Frequest-conference%3Fedit%3D42',
    });
    expect(guardRedirect('/request-conference', true)).toBeNull();
    expect(guardRedirect('/reset-password/abc', true)).toEqual({ redirect: '/' });
    expect(guardRedirect('/otp-verification', true)).toEqual({ redirect: '/' });
    expect(guardRedirect({ pathname: '/login', search: '?redirect=%2Fresearch-library%3Fpage%3D2' }, true)).toEqual({ redirect: '/research-library?page=2' });
    expect(guardRedirect({ pathname: '/login', search: '?redirect=https%3A%2F%2Fevil.example' }, true)).toEqual({ redirect: '/' });
    expect(guardRedirect('/login', false)).toBeNull();
    expect(guardRedirect('/conference/1', false)).toBeNull();
  });
});

describe('sessionEndedPath', () => {
  it('adds the way back only from a page that needs a session, and the guard agrees with it', () => {
    expect(sessionEndedPath('expired')).toBe('/login?error=session_expired');
    expect(sessionEndedPath('expired', '/about')).toBe('/login?error=session_expired');
    const profile = { pathname: '/profile', search: '?tab=billing', hash: '' };
    expect(sessionEndedPath('expired', profile)).toBe('/login?error=session_expired&redirect=%2Fprofile%3Ftab%3Dbilling');
    expect(guardRedirect(profile, false, 'expired')).toEqual({ redirect: sessionEndedPath('expired', profile) });
    expect(new URLSearchParams(sessionEndedPath('expired', profile).split('?')[1]).get('redirect')).toBe('/profile?tab=billing');
  });

  it('a session ended in another tab sends a page that needs one to say so, with the way back', () => {
    const profile = { pathname: '/profile', search: '?tab=billing', hash: '' };
    expect(guardRedirect(profile, false, 'elsewhere')).toEqual({ redirect: '/login?error=signed_out_elsewhere&redirect=%2Fprofile%3Ftab%3Dbilling' });
    expect(guardRedirect('/about', false, 'elsewhere')).toBeNull();
    expect(guardRedirect(profile, false, null)).toEqual({ redirect: '/login?redirect=%2Fprofile%3Ftab%3Dbilling' });
  });
});

describe('loginRedirectPath', () => {
  it('keeps path, query and hash (decisions.md example)', () => {
    expect(loginRedirectPath('/request-conference?edit=42')).toBe('/login?redirect=%2Frequest-conference%3Fedit%3D42');
    expect(loginRedirectPath({ pathname: '/', search: '', hash: '#pricing' })).toBe('/login?redirect=%2F%23pricing');
    expect(loginRedirectPath({ pathname: '/community/5', search: '?tab=chats', hash: '#m-3' })).toBe(
      '/login?redirect=%2Fcommunity%2F5%3Ftab%3Dchats%23m-3',
    );
  });

  it('round-trips through URLSearchParams and safeRedirectTarget', () => {
    const target = '/research-library/3?q=علم&page=2#abstract';
    const login = loginRedirectPath(target);
    const redirect = new URLSearchParams(login.split('?')[1]).get('redirect');
    expect(redirect).toBe(target);
    expect(decodeURIComponent(safeRedirectTarget(redirect))).toBe(target);
  });
});

describe('signInState and stateAfterSignIn: the page\'s history state goes to sign-in and back', () => {
  it('keeps the page\'s state, and nothing when it had none', () => {
    const listReturn = { listSearch: '?mode=online&page=3' };
    expect(stateAfterSignIn(signInState(listReturn))).toEqual(listReturn);
    expect(signInState(null)).toBeUndefined();
    expect(signInState(undefined)).toBeUndefined();
    expect(stateAfterSignIn(undefined)).toBeNull();
    expect(stateAfterSignIn({ other: 1 })).toBeNull();
  });
});

describe('safeRedirectTarget', () => {
  it.each(['/', '/profile', '/conference/1?x=1#y', '/a/b/../c'])('accepts %s', (value) => {
    expect(safeRedirectTarget(value)).toBe(new URL(value, 'http://h').href.slice('http://h'.length));
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'http://evil.example',
    'https:evil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /profile',
    '',
    null,
    undefined,
    42,
    { pathname: '/' },
  ])('rejects %j', (value) => {
    expect(safeRedirectTarget(value)).toBe('/');
    expect(safeRedirectTarget(value, '/profile')).toBe('/profile');
  });
});

describe('routeId: the one shape of a row id in an address', () => {
  it.each([
    ['42', 42],
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['0042', 42],
  ])('%j names row %d', (value, id) => {
    expect(routeId(value)).toBe(id);
  });

  it.each(['', '0', '-1', '1.5', '1e3', ' 7', 'abc', '2147483648', '99999999999', null, undefined])('%j names no row', (value) => {
    expect(routeId(value)).toBeNull();
  });
});

/** The API call whose data each console screen shows: its roles are the screen's. */
const CONSOLE_ROUTE_ACCESS: Partial<Record<string, ApiRouteKey>> = {
  adminReview: 'GET /api/review/reviewers',
  adminSupervision: 'GET /api/supervision/students',
  adminResearch: 'GET /api/review/research/{id}',
  adminUsers: 'GET /api/admin/users',
  adminUser: 'GET /api/admin/users/{id}',
  adminAuditLog: 'GET /api/admin/audit-log',
  adminOutbox: 'GET /api/dev/outbox.json',
  adminContactMessages: 'GET /api/admin/contact-messages',
  adminNewsletter: 'GET /api/admin/newsletter/issues',
  adminNewsletterSubscribers: 'GET /api/admin/newsletter/subscribers',
  adminPayments: 'GET /api/admin/payments',
  adminConferences: 'GET /api/admin/conferences',
  adminConference: 'GET /api/admin/conferences/{id}',
  adminConferenceRegistrations: 'GET /api/admin/conferences/{id}/registrations',
  adminConferenceRequests: 'GET /api/conference-requests',
  adminConferenceCategories: 'GET /api/admin/conference-categories',
  adminLibrary: 'GET /api/admin/ebooks',
  adminEbook: 'GET /api/admin/ebooks/{id}',
  adminResearchEdit: 'PUT /api/admin/research/{id}',
  adminUniversities: 'GET /api/admin/universities',
  adminCommunityCategories: 'GET /api/admin/community-categories',
  adminReasonTemplates: 'GET /api/admin/reason-templates',
  adminAds: 'GET /api/admin/ads',
  adminTeam: 'GET /api/admin/team',
  adminFaq: 'GET /api/admin/faq',
  adminSiteSettings: 'GET /api/admin/site-settings',
  adminPlans: 'GET /api/admin/plans',
  adminModeration: 'GET /api/admin/moderation',
  adminModerationItem: 'GET /api/admin/moderation/{type}/{id}',
  adminChatModeration: 'GET /api/admin/research-chat/{id}/settings',
  // Consultations (issue 23, console).
  adminConsultants: 'GET /api/admin/consultants',
  adminConsultations: 'GET /api/admin/consultations',
  adminConsultationRatings: 'GET /api/admin/consultation-ratings',
  // The about page and the privacy policy (issue 19, site pages).
  adminAboutPage: 'GET /api/admin/pages/about',
  adminPrivacyPolicy: 'GET /api/admin/pages/privacy',
};

describe('console routes', () => {
  it("allow exactly the roles of the API's authorization table for the data they show", () => {
    const limited = ROUTE_TABLE.filter((route) => route.roles && route.name !== 'admin');
    expect(limited.map((route) => route.name).sort()).toEqual(Object.keys(CONSOLE_ROUTE_ACCESS).sort());
    for (const route of limited) {
      expect([...route.roles!].sort(), route.name).toEqual(rolesFor(CONSOLE_ROUTE_ACCESS[route.name]!).sort());
    }
  });
});
