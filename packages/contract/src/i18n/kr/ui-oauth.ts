/** Texts of sign-in with Google (any OpenID Connect issuer): the result page and the join form after it. */
export const oauthUi = {
  signingIn: 'Google 계정으로 로그인하는 중…',
  failedTitle: 'Google 로그인을 완료하지 못했습니다',
  backToLogin: '로그인으로 돌아가기',
  linkTitle: 'Google 계정 연결',
  linkBody:
    '{{email}}(으)로 가입된 계정이 있습니다. 이 계정의 비밀번호를 한 번 입력하면 이후 Google로 로그인할 수 있습니다.',
  password: '비밀번호',
  linkSubmit: '연결하고 로그인',
  preTitle: '가입 마무리',
  preSubtitle: 'Google 계정 {{email}}(으)로 가입합니다',
  noSession: '먼저 Google로 로그인해 주세요',
  noSessionBody: 'Google 가입 세션이 없거나 만료되었습니다. Google로 다시 로그인해 주세요.',
};
