// Exposed to the shell: widgets it places in its own pages (the home page's events slot).
import '../index.css';
import { registerTranslations } from '../i18n';
import { withRoot } from '../components/Root';
import { EventsCarousel as Carousel } from '../widgets/EventsCarousel';

registerTranslations();

export const EventsCarousel = withRoot(Carousel, 'EventsCarousel');
