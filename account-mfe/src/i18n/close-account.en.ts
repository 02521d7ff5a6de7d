/** The profile's "Close account" section, in English (namespace `account`); it comes with the section's own chunk. */
export const closeAccountEn = {
  closeAccount: {
    title: 'Close account',
    text:
      'Closing your account erases your name, e-mail address, phone, picture, password and the rest of your details, and signs you out on every device. ' +
      'Research you submitted, your chat messages and your invoices stay on the platform under the name “Former member”. ' +
      'Registrations for conferences that have not ended are canceled. This cannot be undone; your e-mail address becomes free for a new account.',
    open: 'Close my account…',
    dialogTitle: 'Close your account?',
    dialogText: 'Enter your current password to confirm. You will be signed out and your account cannot be restored.',
    password: 'Current password',
    confirm: 'Close my account',
    closing: 'Closing…',
    keep: 'Keep my account',
  },
};
