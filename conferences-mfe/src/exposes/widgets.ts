// Exposed to the shell: widgets it places in its own pages (the home page's events slot).
import '../index.css';
import { registerTranslations } from '../i18n';
import { EventsCarousel } from '../widgets/EventsCarousel';

registerTranslations();

export { EventsCarousel };
