/** Long-form page texts of the shell (the privacy and content policy, team pages), in English (namespace `content`; page-texts.ts; the about page's are about.en.ts). */
export const contentPagesEn = {
  privacy: {
    title: 'Privacy and content policy',
    updated: 'Applies to every use of the platform.',
    points: {
      law: { title: 'Compliance with UAE law and public opinion', body: 'Everything published on the platform must comply with the laws of the United Arab Emirates and respect public opinion and morals.' },
      responsibility: { title: 'Your responsibility for your content', body: 'You are responsible for the research, messages and files you publish, and for holding the rights to them.' },
      review: { title: 'Our right to review and remove', body: 'The platform may review any content and remove content that breaks this policy, and may suspend the accounts of repeat offenders.' },
      republishing: { title: 'No republishing without permission', body: 'Content on the platform may not be republished, copied or redistributed without the permission of its author and of the platform.' },
      harvesting: { title: 'No data harvesting', body: 'Collecting users’ data or content by automated means (scraping, crawling, bulk downloading) is forbidden.' },
      conduct: { title: 'Professional and honest behaviour', body: 'Users behave professionally and honestly: no plagiarism, impersonation, harassment or misleading information.' },
      disclaimer: { title: 'Disclaimers', body: 'The platform is not liable for misuse of its services by users, for technical failures, or for damage caused by cyberattacks beyond its reasonable control.' },
      acceptance: { title: 'Acceptance by use', body: 'By using the platform you accept this policy.' },
      amendments: { title: 'Amendments', body: 'Management may amend this policy at any time and will notify users of changes.' },
      data: { title: 'Your personal data', body: 'We keep your e-mail and phone private unless you choose to show them on your public profile, store passwords only as memory-hard hashes, and use your data only to run the services you use. Two preference cookies remember your language and theme so that pages open in them; they carry nothing else.' },
    },
  },
  team: {
    back: 'Back to the team',
    notFound: 'This team member could not be found.',
    links: 'Profiles',
  },
} as const;
