// Exposed to the shell: the pages it routes to. The shell owns routes and guards; this remote
// owns what renders inside them.
import '../index.css';
import { registerTranslations } from '../i18n';
import { LibraryList } from '../pages/LibraryList';
import { LibraryDetails } from '../pages/LibraryDetails';
import { ResearchExchange } from '../pages/ResearchExchange';

registerTranslations();

export { LibraryList, LibraryDetails, ResearchExchange };
