import type { FastifyPluginAsync } from 'fastify';
import health from './health';
import openapi from './openapi';
import plans from './plans';
import categories from './categories';
import conferences from './conferences';
import conferenceRegistrations from './conference-registrations';
import conferenceRequests from './conference-requests';
import researchCommunity from './research-community';
import team from './team';
import ads from './ads';
import siteSettings from './site-settings';
import paywall from '../plugins/app/paywall';
import paymentsPlugin from '../lib/payments/plugin';
import billing from './billing';
import invoices from './invoices';
import stripeWebhooks from './stripe';
import checkout from './checkout';
import profile from './profile';
import users from './users';
import realtime from '../plugins/app/realtime';
import community from './community';
import communityFile from './community-file';
import chat from './chat';
import research from './research';
import review from './review';
import supervision from './supervision';
import library from './library';
import universities from './universities';
import auth from './auth';
import tokens from './tokens';
import captcha from './captcha';
import contact from './contact';
import newsletter from './newsletter';
import devOutbox from './dev-outbox';
import setup from './setup';
import operator from './operator';
import adminUsers from './admin-users';
import adminSubscriptions from './admin-subscriptions';
import adminWaiting from './admin-waiting';
import adminUploads from './admin-uploads';
import adminConferences from './admin-conferences';
import adminConferenceCategories from './admin-conference-categories';
import adminContact from './admin-contact';
import adminLibrary from './admin-library';
import adminResearch from './admin-research';
import adminNewsletter from './admin-newsletter';
import adminHome from './admin-home';
import adminPlans from './admin-plans';
import faq from './faq';
import sitePages from './site-pages';
import moderation from './moderation';
import consultants from './consultants';
import consultations from './consultations';
import adminConsultations from './admin-consultations';

/** Every API route, mounted under /api by app.ts. */
const routes: FastifyPluginAsync = async (app) => {
  // `app.requireActiveSubscription` for every route below (decisions.md: what needs a subscription).
  await app.register(paywall);
  // Billing and profile: purchase, webhooks, local checkout, subscriptions, invoices, profiles.
  await app.register(paymentsPlugin);
  await app.register(billing);
  await app.register(invoices);
  await app.register(stripeWebhooks);
  await app.register(checkout);
  await app.register(profile);
  await app.register(users);
  await app.register(health);
  await app.register(openapi);
  await app.register(plans);
  await app.register(categories);
  await app.register(conferences);
  await app.register(conferenceRegistrations);
  await app.register(conferenceRequests);
  await app.register(researchCommunity);
  await app.register(team);
  await app.register(ads);
  await app.register(siteSettings);
  await app.register(faq);
  // The about page and the privacy policy, read here and edited in the console (issue 19).
  await app.register(sitePages);
  // Research community: details, file, chat; the live socket (GET /api/chat/ws) after its server.
  await app.register(community);
  await app.register(communityFile);
  // In a scope of their own: @fastify/websocket's hooks run on these routes only, not on every request.
  await app.register(async (live) => {
    await live.register(realtime);
    await live.register(chat);
  });
  // Research exchange, its review, and the library (issue 5).
  await app.register(research);
  await app.register(review);
  await app.register(supervision);
  await app.register(library);
  await app.register(universities);
  // Accounts and sessions, captcha'd public forms, the developer's outbox (issue: accounts).
  await app.register(auth);
  await app.register(tokens);
  await app.register(captcha);
  await app.register(contact);
  await app.register(newsletter);
  await app.register(setup);
  await app.register(operator);
  // Users, roles, suspensions and the audit log (administrators).
  await app.register(adminUsers);
  await app.register(adminSubscriptions);
  await app.register(adminWaiting);
  // Content managed in the console (issue 19): files first, saved by reference by each screen's routes.
  await app.register(adminUploads);
  await app.register(adminConferences);
  await app.register(adminConferenceCategories);
  // The contact inbox (issue 20).
  await app.register(adminContact);
  // The library's content (items, universities, research categories), and the review's (reason templates, research metadata).
  await app.register(adminLibrary);
  await app.register(adminResearch);
  // The newsletter (issue 20).
  await app.register(adminNewsletter);
  await app.register(adminHome);
  await app.register(adminPlans);
  // Reports and moderation (issue 20).
  await app.register(moderation);
  // Academic consultations (issue 23): consultants, sessions, the operators' screens.
  await app.register(consultants);
  await app.register(consultations);
  await app.register(adminConsultations);
  if (app.config.MAIL_DEV_OUTBOX !== 'off') await app.register(devOutbox);
};
export default routes;
