// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them. The details page is a lazy chunk (with the chat, zod and the
// schemas): a cold load of the list fetches none of it (issue 6).
import '../index.css';
import { registerTranslations } from '../i18n';
import { CommunityList } from '../pages/CommunityList';
import { LazyCommunityDetails as CommunityDetails } from '../pages/LazyCommunityDetails';

registerTranslations();

export { CommunityList, CommunityDetails };
