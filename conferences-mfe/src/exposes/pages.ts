// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them.
import '../index.css';
import { registerTranslations } from '../i18n';
import { withRoot } from '../components/Root';
import { ConferenceList as List } from '../pages/ConferenceList';
import { ConferenceDetails as Details } from '../pages/ConferenceDetails';
import { LazyRequestConference as Request } from '../pages/LazyRequestConference';

registerTranslations();

export const ConferenceList = withRoot(List, 'ConferenceList');
export const ConferenceDetails = withRoot(Details, 'ConferenceDetails');
export const RequestConference = withRoot(Request, 'RequestConference');
