/** Long-form page texts of the shell (about, the privacy and content policy, team pages), in English (namespace `content`; page-texts.ts). */
export const contentPagesEn = {
  about: {
    title: 'About us',
    lead: 'Scholars Hub is a bilingual home for master’s and doctoral students, researchers and academics in the UAE.',
    founderTitle: 'A message from our founder',
    founderMessage:
      'When I defended my own thesis, the hardest part was not the research but finding the right audience, the right reviewers and the right conference. Scholars Hub exists so that no researcher in our region works alone: here you can present your work, have it reviewed fairly and quickly, discuss it with peers and read what others have written, in Arabic and in English.',
    founderName: 'Dr. Mariam Al Mansoori, founder',
    missionTitle: 'Our mission',
    mission: 'To give every researcher in the UAE and the Arab world a fair, fast and bilingual path from idea to published, discussed work.',
    visionTitle: 'Our vision',
    vision: 'A connected Arab research community whose work is read, cited and built upon around the world.',
    objectivesTitle: 'Our objectives',
    objectives: {
      one: 'Organise academic conferences and events, online, on-site and hybrid, with peer-reviewed programmes.',
      two: 'Review submitted research within 2–3 weeks, with supervisors approving their students’ work.',
      three: 'Keep a live, respectful discussion around every approved research.',
      four: 'Open e-books and university libraries to students and researchers in both languages.',
      five: 'Offer academic consultation and a newsletter that keeps researchers informed.',
    },
  },
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
