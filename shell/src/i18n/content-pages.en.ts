/**
 * Long-form page texts of the shell (the privacy and content policy, team pages), in English
 * (namespace `content`; page-texts.ts; the about page's are about.en.ts). The policy's sections are
 * edited in the console (`GET pages/privacy`, issue 19).
 */
export const contentPagesEn = {
  privacy: {
    title: 'Privacy and content policy',
    updated: 'Last updated {{date}}',
  },
  team: {
    back: 'Back to the team',
    notFound: 'This team member could not be found.',
    links: 'Profiles',
  },
} as const;
