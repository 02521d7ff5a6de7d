// Exposed to the shell: widgets it places in its own pages (the home page's pricing section).
import '../index.css';
import { registerTranslations } from '../i18n';
import { PricingSection } from '../widgets/PricingSection';

registerTranslations();

export { PricingSection };
