// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them.
import '../index.css';
import { registerTranslations } from '../i18n';
import { ConferenceList } from '../pages/ConferenceList';
import { ConferenceDetails } from '../pages/ConferenceDetails';
import { LazyRequestConference as RequestConference } from '../pages/LazyRequestConference';

registerTranslations();

export { ConferenceList, ConferenceDetails, RequestConference };
