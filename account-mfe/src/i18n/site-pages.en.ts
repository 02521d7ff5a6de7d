/** The console's about page and privacy policy screens (namespace `account`, key `sitePages`), in English: registered with the other console texts. */
export const sitePagesEn = {
  sitePages: {
    alwaysLive: 'This page is always live: a save shows at once, and every text must be filled in both languages.',
    updated: 'Last saved {{date}}',
    moveUp: 'Move {{item}} up',
    moveDown: 'Move {{item}} down',
    remove: 'Remove {{item}}',
    about: {
      title: 'About page',
      intro: 'The texts of the about page. Its headings are the site’s own.',
      lead: 'Introduction',
      founderMessage: 'Founder’s message',
      founderName: 'Founder’s name as signed',
      mission: 'Mission',
      vision: 'Vision',
      objectives: 'Objectives',
      objective: 'Objective {{number}}',
      addObjective: 'Add an objective',
      objectivesHint: 'From 1 to {{max}}, in the order the page lists them.',
    },
    privacy: {
      title: 'Privacy policy',
      intro: 'The privacy and content policy. Management may amend it: the page shows the date of the last save.',
      notifyNote: 'Saving does not e-mail members: tell them of a change by the newsletter if needed.',
      sections: 'Sections',
      section: 'Section {{number}}',
      sectionTitle: 'Title of section {{number}}',
      sectionBody: 'Text of section {{number}}',
      addSection: 'Add a section',
      sectionsHint: 'From 1 to {{max}}, numbered on the page in this order.',
    },
  },
};
