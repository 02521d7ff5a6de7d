// Exposed to the shell's /admin frame (REMOTE_ADMIN_SCREENS.library): the review and supervisor
// consoles, a submission's page, and the library's content screens (library items, university
// libraries, research categories, reason templates, an approved research's metadata; lazy chunks).
// The shell owns the frame, the navigation and the role guard; the API checks every role again
// (the guards here are a convenience, not the defence).
import '../index.css';
import { registerTranslations } from '../i18n';
import { registerConsoleTranslations } from '../i18n/console';
import { ReviewQueue } from '../pages/admin/ReviewQueue';
import { SupervisorConsole } from '../pages/admin/SupervisorConsole';
import { ReviewSubmission } from '../pages/admin/ReviewSubmission';
import { AdminCommunityCategories, AdminEbook, AdminLibrary, AdminReasonTemplates, AdminUniversities, ResearchMetadata } from '../pages/admin/LazyContent';

registerTranslations();
registerConsoleTranslations();

export { ReviewQueue, SupervisorConsole, ReviewSubmission, ResearchMetadata, AdminLibrary, AdminEbook, AdminUniversities, AdminCommunityCategories, AdminReasonTemplates };
