/** 알림 문구: 알림 종의 목록, 프로필의 "알림" 섹션, 종류별 알림. */
export const notificationUi = {
  title: '알림',
  markAllRead: '모두 읽음',
  markRead: '읽음으로 표시',
  empty: '아직 알림이 없습니다.',
  loading: '알림을 불러오는 중…',
  error: '알림을 불러오지 못했습니다.',
  more: '더 보기',
  unread: '읽지 않음',
  settings: {
    heading: '알림',
    intro: '앱과 이메일로 받을 알림을 고르세요. 본인이 한 일은 알리지 않습니다.',
    kind: '이벤트',
    inApp: '앱',
    email: '이메일',
    digest: '이메일을 하나씩 보내지 않고 하루 한 번 요약으로 보내기 (07:00 UTC)',
    save: '저장',
    saved: '알림 설정을 저장했습니다.',
  },
  categories: {
    planning: '타임라인',
    request: '요청',
    contract: '계약',
    settlement: '정산',
    project: '프로젝트',
  },
  labels: {
    storyAssigned: '스토리 담당자 지정',
    storyCommented: '내 스토리의 댓글',
    milestoneApprovalRequested: '마일스톤 승인 요청',
    milestoneApproved: '내 마일스톤 승인',
    milestoneRejected: '내 마일스톤 반려',
    requestAssigned: '나에게 온 요청',
    requestCommented: '내 요청의 댓글',
    requestTaken: '내 요청 접수',
    requestCompleted: '내 요청 완료',
    contractOffered: '나에게 온 계약 제안',
    contractAccepted: '내 계약 제안 수락',
    contractDeclined: '내 계약 제안 거절',
    settlementSubmitted: '정산 제출',
    settlementReturned: '내 정산 반려',
    settlementApproved: '내 정산 승인',
    settlementPaid: '내 정산 지급',
    budgetThreshold: '예산 80 % 또는 100 % 도달',
    invited: '프로젝트 초대',
    subscriptionWarning: '구독 경고',
    projectInactive: '프로젝트 비활성',
    chargeFailed: '결제 실패',
    webhookDisabled: '웹훅 꺼짐',
    recruitmentApplied: '내 채용 공고에 지원',
    applicationWithdrawn: '지원 철회',
    applicationShortlisted: '내 지원서 서류 통과',
    applicationRejected: '내 지원서 불합격',
    applicationHired: '지원한 공고에 채용',
  },
  kinds: {
    storyAssigned: {
      title: '{{actor}}님이 “{{story}}”의 담당자로 지정했습니다',
      body: '{{project}}의 스토리가 배정되었습니다.',
    },
    storyCommented: {
      title: '{{actor}}님이 “{{story}}”에 댓글을 남겼습니다',
      body: '{{project}}의 내 스토리에 새 댓글이 있습니다.',
    },
    milestoneApprovalRequested: {
      title: '{{actor}}님이 “{{milestone}}” 승인을 요청했습니다',
      body: '{{project}}의 마일스톤이 승인을 기다립니다.',
    },
    milestoneApproved: {
      title: '“{{milestone}}”이(가) 승인되었습니다',
      body: '{{actor}}님이 {{project}}에서 요청한 마일스톤을 승인했습니다.',
    },
    milestoneRejected: {
      title: '“{{milestone}}”이(가) 반려되었습니다',
      body: '{{actor}}님이 {{project}}에서 요청한 마일스톤을 반려했습니다: {{reason}}',
    },
    requestAssigned: {
      title: '{{actor}}님이 요청을 보냈습니다: “{{request}}”',
      body: '{{project}}의 새 요청이 답변을 기다립니다.',
    },
    requestCommented: {
      title: '{{actor}}님이 “{{request}}”에 댓글을 남겼습니다',
      body: '{{project}}의 요청에 새 댓글이 있습니다.',
    },
    requestTaken: {
      title: '{{actor}}님이 “{{request}}” 요청을 맡았습니다',
      body: '{{project}}에서 보낸 요청의 작업이 시작되었습니다.',
    },
    requestCompleted: {
      title: '{{actor}}님이 “{{request}}” 요청을 완료했습니다',
      body: '{{project}}에서 보낸 요청이 완료되었습니다.',
    },
    contractOffered: {
      title: '{{actor}}님이 계약을 제안했습니다',
      body: '{{project}}의 계약 제안에 답해 주세요.',
    },
    contractAccepted: {
      title: '{{actor}}님이 계약 제안을 수락했습니다',
      body: '{{project}}의 계약이 시작되었습니다.',
    },
    contractDeclined: {
      title: '{{actor}}님이 계약 제안을 거절했습니다',
      body: '{{project}}의 계약 제안이 거절되었습니다.',
    },
    settlementSubmitted: {
      title: '{{actor}}님이 {{month}} 정산을 제출했습니다',
      body: '{{project}}의 정산이 검토를 기다립니다.',
    },
    settlementReturned: {
      title: '{{month}} 정산이 반려되었습니다',
      body: '{{actor}}님이 {{project}}에서 메모와 함께 반려했습니다. 수정 후 다시 제출하세요.',
    },
    settlementApproved: {
      title: '{{month}} 정산이 승인되었습니다',
      body: '{{project}}의 정산이 승인되어 지급을 기다립니다.',
    },
    settlementPaid: {
      title: '{{month}} 정산이 지급되었습니다',
      body: '{{project}}의 정산 지급이 기록되었습니다.',
    },
    budgetThreshold: {
      title: '{{project}}의 예산이 {{threshold}} %에 도달했습니다',
      body: '{{budget}}: {{amount}} 중 {{spent}} 사용.',
    },
    invited: {
      title: '{{actor}}님이 {{project}}에 초대했습니다',
      body: '초대 이메일을 열어 {{role}}(으)로 참여하세요.',
    },
    subscriptionWarning: {
      title: '{{project}}의 구독을 확인해 주세요',
      body: '멤버 {{members}}명, 시트로 충당되는 인원 {{covered}}명: {{date}}까지 시트를 추가하거나 멤버를 줄이지 않으면 프로젝트가 비활성화됩니다.',
    },
    projectInactive: {
      title: '{{project}}이(가) 비활성화되었습니다',
      body: '구독을 갱신할 때까지 프로젝트는 읽기 전용입니다.',
    },
    chargeFailed: {
      title: '{{project}}의 결제가 실패했습니다',
      body: '결제를 진행하지 못했습니다({{reason}}). 설정 › 카드에서 카드를 확인하세요.',
    },
    webhookDisabled: {
      title: '{{project}}의 웹훅이 꺼졌습니다',
      body: '“{{webhook}}” 수신처가 {{status}}(으)로 응답했습니다. 설정 › 웹훅에서 주소를 확인하세요.',
    },
    recruitmentApplied: {
      title: '{{actor}}님이 “{{post}}”에 지원했습니다',
      body: '{{project}}의 채용 공고에 새 지원자가 있습니다.',
    },
    applicationWithdrawn: {
      title: '{{actor}}님이 “{{post}}” 지원을 철회했습니다',
      body: '{{project}}의 채용 공고 지원이 철회되었습니다.',
    },
    applicationShortlisted: {
      title: '“{{post}}” 서류 통과 후보에 올랐습니다',
      body: '{{project}}에서 지원서를 후보 목록에 올렸습니다.',
    },
    applicationRejected: {
      title: '“{{post}}” 지원이 불합격되었습니다',
      body: '{{project}}에서 다른 지원자를 선택했습니다. {{note}}',
    },
    applicationHired: {
      title: '“{{post}}”에 채용되었습니다',
      body: '{{project}}에 참여했습니다. 요청에서 계약 제안을 확인하세요.',
    },
  },
};
