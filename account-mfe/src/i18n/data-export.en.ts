/** The profile's "Your data" section, in English (namespace `account`); it comes with the section's own chunk. */
export const dataExportEn = {
  dataExport: {
    title: 'Your data',
    text:
      'Download one JSON file with everything the platform holds about you: your account details, your research and the decisions on it, ' +
      'the chat messages you sent, conference registrations and requests, subscriptions and invoices, consultations, supervision and the staff’s decisions on your account ' +
      '(files you uploaded are listed by name and size, not included).',
    download: 'Download my data',
    busy: 'Preparing your file…',
    failed: 'Your data could not be downloaded. Please try again.',
  },
};
