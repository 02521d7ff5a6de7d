// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them.
import '../index.css';
import { registerTranslations } from '../i18n';
import { Profile } from '../pages/Profile';
import { UserProfile } from '../pages/UserProfile';
import { Billing } from '../pages/Billing';
import { lazyPage } from '../lib/lazy-page';

registerTranslations();

// Opened from an e-mailed link only: its own chunk (with its texts).
const SupervisionInvitation = lazyPage(() => import('../pages/SupervisionInvitation').then((m) => m.SupervisionInvitation));
// Academic consultations (issue 23): their own chunks, with their texts.
const Consultations = lazyPage(() => import('../pages/Consultations').then((m) => m.Consultations));
const Consultant = lazyPage(() => import('../pages/Consultant').then((m) => m.Consultant));

export { Profile, UserProfile, Billing, SupervisionInvitation, Consultations, Consultant };
