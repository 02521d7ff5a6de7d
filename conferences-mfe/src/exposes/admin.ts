// Exposed to the shell's /admin frame (REMOTE_ADMIN_SCREENS.conferences): conferences with their
// registrants, the conference requests' queue and the categories. The shell owns the frame, the
// navigation and the role guard; the API checks every role again.
import '../index.css';
import { registerTranslations } from '../i18n';
import { registerConsoleTranslations } from '../i18n/console';
import { AdminConferences } from '../pages/admin/AdminConferences';
import { AdminConference } from '../pages/admin/AdminConference';
import { ConferenceRegistrations } from '../pages/admin/ConferenceRegistrations';
import { ConferenceRequestsQueue } from '../pages/admin/ConferenceRequestsQueue';
import { ConferenceCategories } from '../pages/admin/ConferenceCategories';

registerTranslations();
registerConsoleTranslations();

export { AdminConferences, AdminConference, ConferenceRegistrations, ConferenceRequestsQueue, ConferenceCategories };
