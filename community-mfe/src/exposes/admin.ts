// Exposed to the shell's /admin frame (REMOTE_ADMIN_SCREENS.community): moderation (issue 20): the
// queue of reported items, an item in context with the decision, and a research chat's moderation.
// The shell owns the frame, the navigation and the role guard; the API checks every role again.
import '../index.css';
import { registerTranslations } from '../i18n';
import { registerConsoleTranslations } from '../i18n/console';
import { ModerationQueue } from '../pages/admin/ModerationQueue';
import { ModerationItem } from '../pages/admin/ModerationItem';
import { ChatModeration } from '../pages/admin/ChatModeration';

registerTranslations();
registerConsoleTranslations();

export { ModerationQueue, ModerationItem, ChatModeration };
