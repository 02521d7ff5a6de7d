// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them.
import '../index.css';
import { registerTranslations } from '../i18n';
import { Profile } from '../pages/Profile';
import { UserProfile } from '../pages/UserProfile';
import { Billing } from '../pages/Billing';
import { SupervisionInvitation } from '../pages/SupervisionInvitation';

registerTranslations();

export { Profile, UserProfile, Billing, SupervisionInvitation };
