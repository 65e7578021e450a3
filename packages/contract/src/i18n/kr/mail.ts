/** Texts of e-mails sent by the server. `{{minutes}}` is the link's lifetime. */
export const mail = {
  footer: 'Teamline',
  joinVerify: {
    subject: 'Teamline 이메일 인증',
    body: 'Teamline에 오신 것을 환영합니다. 회원가입을 계속하려면 이메일 주소를 인증해 주세요.',
    action: '이메일 인증하기',
    expiry: '이 링크는 한 번만 사용할 수 있으며 {{minutes}}분 후에 만료됩니다.',
    ignore: 'Teamline 가입을 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.',
  },
  passwordReset: {
    subject: 'Teamline 비밀번호 재설정',
    body: 'Teamline 계정의 비밀번호 재설정 요청을 받았습니다.',
    action: '비밀번호 재설정하기',
    expiry: '이 링크는 한 번만 사용할 수 있으며 {{minutes}}분 후에 만료됩니다.',
    ignore: '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.',
  },
  invite: {
    subject: '{{inviter}}님이 Teamline 프로젝트 {{project}}에 초대했습니다',
    body: '{{inviter}}님이 Teamline 프로젝트 "{{project}}"에 {{role}}(으)로 초대했습니다.',
    action: '초대 확인하기',
    expiry: '이 링크는 한 번만 사용할 수 있으며 {{days}}일 후에 만료됩니다.',
    ignore: '모르는 프로젝트라면 이 메일을 무시하셔도 됩니다.',
  },
  settlementAutoApproveDue: {
    subject: '{{member}}님의 {{month}} 정산이 {{date}}에 자동 승인됩니다',
    body: '{{member}}님이 "{{project}}"의 {{month}} 정산을 제출했으며 아직 아무도 응답하지 않았습니다.',
    action: '정산 검토하기',
    expiry: '그 전에 승인하거나 반려하지 않으면 {{date}}에 자동으로 승인됩니다.',
    ignore: '"{{project}}"의 클라이언트 또는 관리자이기 때문에 이 메일을 받았습니다.',
  },
  roles: {
    admin: '관리자',
    depth1: '팀 리더',
    depth2: '팀원',
    client: '클라이언트',
  },
};
