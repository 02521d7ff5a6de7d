// Exposed to the shell's home page: the research community slider (spec 2).
import '../index.css';
import { registerTranslations } from '../i18n';
import { CommunityCarousel } from '../widgets/CommunityCarousel';

registerTranslations();

export { CommunityCarousel };
