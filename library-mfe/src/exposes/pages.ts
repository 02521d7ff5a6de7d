// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them. The list and details read without zod; the research exchange
// form (with zod and its schemas) is a lazy chunk fetched when its page opens (issue 6).
import '../index.css';
import { registerTranslations } from '../i18n';
import { LibraryList } from '../pages/LibraryList';
import { LibraryDetails } from '../pages/LibraryDetails';
import { LazyResearchExchange as ResearchExchange } from '../pages/LazyResearchExchange';

registerTranslations();

export { LibraryList, LibraryDetails, ResearchExchange };
