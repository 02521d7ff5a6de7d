/** The profile's action texts (cancel a registration, turn renewal off or on), in English (namespace `account`); they come with those tabs' code. */
export const profileActionsEn = {
  registrations: {
    action: 'Action',
    cancel: 'Cancel registration',
    cancelTitle: 'Cancel your registration for “{{title}}”?',
    cancelBody: 'Your seat is freed and you get an e-mail saying so. You can register again from the conference’s page while registration is open.',
    cancelConfirm: 'Cancel the registration',
    cancelKeep: 'Keep it',
    canceled: 'Your registration is canceled.',
    cancelFailed: 'The registration could not be canceled. Please try again.',
    // Canceled registrations stay listed: who canceled (decisions.md, Conferences).
    canceledByMember: 'Canceled by you',
    canceledByOrganizers: 'Canceled by the organizers',
    offSite: 'No longer on the site',
    // A full conference's waiting list (decisions.md, Conferences).
    waitingTitle: 'Waiting for a seat',
    waitingPlace: 'Number {{place}} on the waiting list',
    waitingLeave: 'Leave the waiting list',
    // Marked as present by the organizers (decisions.md, Conferences).
    certificate: 'Certificate of attendance (PDF)',
    certificateFailed: 'The certificate could not be downloaded. Please try again.',
  },
  subscriptions: {
    // Renewal (decisions.md "Subscriptions: renewal").
    endsOn: 'Ends on',
    endedOn: 'Ended on',
    renewalOffNote: 'Renewal is off: nothing more will be charged.',
    turnOff: 'Turn off renewal',
    turnOn: 'Turn renewal back on',
    keepRenewal: 'Keep renewal',
    notNow: 'Not now',
    offTitle: 'Turn off renewal?',
    offBody: 'Your {{plan}} subscription stays active until {{date}}. It will not renew, and nothing more will be charged. You can turn renewal back on before then.',
    onTitle: 'Turn renewal back on?',
    onBody: 'Your {{plan}} subscription will renew automatically on {{date}}, and AED {{amount}} will be charged for the new year.',
  },
};
