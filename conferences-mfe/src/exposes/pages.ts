// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them.
import '../index.css';
import { registerTranslations } from '../i18n';
import { ConferenceList } from '../pages/ConferenceList';
import { ConferenceDetails } from '../pages/ConferenceDetails';
import { RequestConference } from '../pages/RequestConference';

registerTranslations();

export { ConferenceList, ConferenceDetails, RequestConference };
