/** Texts of e-mails sent by the server. `{{minutes}}` is the link's lifetime. */
export const mail = {
  footer: 'Teamline',
  joinVerify: {
    subject: 'Confirm your email for Teamline',
    body: 'Welcome to Teamline. Confirm your email address to continue signing up.',
    action: 'Confirm email',
    expiry: 'This link works once and expires in {{minutes}} minutes.',
    ignore: 'If you did not ask to join Teamline, you can ignore this email.',
  },
  passwordReset: {
    subject: 'Reset your Teamline password',
    body: 'We received a request to reset the password of your Teamline account.',
    action: 'Reset password',
    expiry: 'This link works once and expires in {{minutes}} minutes.',
    ignore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
  },
  invite: {
    subject: '{{inviter}} invited you to {{project}} on Teamline',
    body: '{{inviter}} invited you to join the project "{{project}}" on Teamline as {{role}}.',
    action: 'View invitation',
    expiry: 'This link works once and expires in {{days}} days.',
    ignore: 'If you do not know this project, you can ignore this email.',
  },
  settlementAutoApproveDue: {
    subject: '{{member}}’s settlement for {{month}} is approved automatically on {{date}}',
    body: '{{member}} submitted the settlement of {{month}} in "{{project}}" and nobody has answered it yet.',
    action: 'Review the settlement',
    expiry: 'Unless it is approved or returned first, it is approved automatically on {{date}}.',
    ignore: 'You receive this as a client or administrator of "{{project}}".',
  },
  roles: {
    admin: 'an administrator',
    depth1: 'a team lead',
    depth2: 'a team member',
    client: 'a client',
  },
};
