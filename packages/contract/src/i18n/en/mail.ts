/** Texts of e-mails sent by the server. */
export const mail = {
  footer: 'Teamline',
};
