/**
 * The about page's headings in English (namespace `content`, `about.*`): part of the start, like the
 * page (bootstrap.tsx). Its texts are edited in the console (`GET pages/about`, issue 19).
 */
export const aboutEn = {
  title: 'About us',
  founderTitle: 'A message from our founder',
  missionTitle: 'Our mission',
  visionTitle: 'Our vision',
  objectivesTitle: 'Our objectives',
};
