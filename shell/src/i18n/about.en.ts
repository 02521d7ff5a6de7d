/** The about page's texts in English (namespace `content`, `about.*`): part of the start, like the page (bootstrap.tsx). */
export const aboutEn = {
  title: 'About us',
  lead: 'Scholars Hub is a bilingual home for master’s and doctoral students, researchers and academics in the UAE.',
  founderTitle: 'A message from our founder',
  founderMessage:
    'When I defended my own thesis, the hardest part was not the research but finding the right audience, the right reviewers and the right conference. Scholars Hub exists so that no researcher in our region works alone: here you can present your work, have it reviewed fairly and quickly, discuss it with peers and read what others have written, in Arabic and in English.',
  founderName: 'Dr. Fatima Al Zahrani, founder',
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
};
