/** The about page's headings in Arabic (namespace `content`, `about.*`). */
import type { TextTree } from '@scholars/shared-contracts';
import type { aboutEn } from './about.en';

export const aboutAr: TextTree<typeof aboutEn> = {
  title: 'من نحن',
  founderTitle: 'كلمة المؤسِّسة',
  missionTitle: 'رسالتنا',
  visionTitle: 'رؤيتنا',
  objectivesTitle: 'أهدافنا',
};
