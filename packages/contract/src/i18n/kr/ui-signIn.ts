/** Texts of the mailed one-time sign-in link (issue 30): asking for it on the login page, and its landing page. */
export const signInUi = {
  mailLink: '로그인 링크를 메일로 받기',
  mailLinkHint: '비밀번호 없이, 15분 안에 한 번 로그인할 수 있는 링크를 보내 드립니다.',
  sent: '{{email}}에 Teamline 계정이 있다면 로그인 링크를 보냈습니다. 15분 동안 한 번 사용할 수 있습니다.',
  signingIn: '로그인하는 중…',
  failedTitle: '로그인 링크를 사용할 수 없습니다',
  backToLogin: '로그인으로 돌아가기',
};
