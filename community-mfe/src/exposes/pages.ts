// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them.
import '../index.css';
import { registerTranslations } from '../i18n';
import { CommunityList } from '../pages/CommunityList';
import { CommunityDetails } from '../pages/CommunityDetails';

registerTranslations();

export { CommunityList, CommunityDetails };
