/** The texts of a member's actions on the public pages (a full conference's waiting list; cancel a registration; after resubmitting a request; a request form's kept draft), in English (namespace `conferences`). */
export const registerActionsEn = {
  register: {
    full: 'Every seat is taken. Join the waiting list: a freed seat goes to the member who has waited longest.',
    waiting: 'You are on the waiting list, number {{place}}. If a seat is freed for you, you are registered and told by e-mail.',
    joinWaitingList: 'Join the waiting list',
    leaveWaitingList: 'Leave the waiting list',
    cancel: 'Cancel my registration',
    cancelTitle: 'Cancel your registration?',
    cancelBody: 'Your seat is freed and you get an e-mail saying so. You can register again while registration is open.',
    cancelConfirm: 'Cancel the registration',
    cancelKeep: 'Keep it',
    canceled: 'Your registration is canceled.',
    cancelFailed: 'The registration could not be canceled. Please try again.',
  },
  request: {
    mineLink: 'See my requests',
    draftRestored: 'What you typed here before is back. Check it, then send it.',
  },
};
