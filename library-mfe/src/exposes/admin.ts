// Exposed to the shell's /admin frame (REMOTE_ADMIN_SCREENS.library): the review and supervisor
// consoles and a submission's page. The shell owns the frame, the navigation and the role guard;
// the API checks every role again (the guards here are a convenience, not the defence).
import '../index.css';
import { registerTranslations } from '../i18n';
import { ReviewQueue } from '../pages/admin/ReviewQueue';
import { SupervisorConsole } from '../pages/admin/SupervisorConsole';
import { ReviewSubmission } from '../pages/admin/ReviewSubmission';

registerTranslations();

export { ReviewQueue, SupervisorConsole, ReviewSubmission };
