import type { calendarUi as en } from '../en/ui-calendar.js';

/** 캘린더 피드 화면의 글과 피드 자체의 글(`feed`, 서버가 읽음). */
export const calendarUi: typeof en = {
  heading: '캘린더',
  intro:
    'Google 캘린더, Outlook, Apple 캘린더에서 Teamline 일정을 구독하세요: 내게 배정된 스토리의 마감일, 내 프로젝트의 마일스톤, 내 계약 기간. 주소는 비밀입니다. 주소를 가진 사람은 누구나 이 일정을 볼 수 있습니다.',
  loading: '캘린더 피드를 불러오는 중…',
  error: '캘린더 피드를 불러오지 못했습니다.',
  myFeed: '내 캘린더',
  projectFeed: '프로젝트 캘린더: {{project}}',
  noFeed: '아직 캘린더 주소가 없습니다.',
  noProjectFeeds: '프로젝트 캘린더가 아직 없습니다. 프로젝트 타임라인에서 "캘린더에서 구독"을 선택하세요.',
  projectFeeds: '프로젝트 캘린더',
  make: '캘린더 주소 만들기',
  rotate: '새 주소',
  rotateConfirm: '새 주소를 만들까요? 이전 주소로 구독한 캘린더는 더 이상 갱신되지 않습니다.',
  revoke: '폐기',
  revokeLabel: '{{name}} 폐기',
  revokeConfirm: '{{name}}의 주소를 폐기할까요? 이 주소를 구독한 캘린더는 더 이상 갱신되지 않습니다.',
  revoked: '캘린더 주소를 폐기했습니다.',
  created: '{{time}} 생성',
  lastFetched: '캘린더가 마지막으로 읽은 시각 {{time}}',
  neverFetched: '아직 캘린더가 읽지 않았습니다',
  urlTitle: '내 캘린더 주소',
  urlHint:
    '지금 복사해 캘린더 앱에 구독으로 추가하세요("URL로 추가", "캘린더 구독"). 다시 표시되지 않으니, 잃어버리면 새 주소를 만드세요.',
  urlLabel: '캘린더 주소',
  copy: '주소 복사',
  copied: '주소를 복사했습니다.',
  copyFailed: '주소를 복사하지 못했습니다. 직접 선택해 복사하세요.',
  close: '완료',
  subscribe: '캘린더에서 구독',
  subscribeIntro:
    '이 프로젝트의 마일스톤과 스토리 마감일을 캘린더 앱에서 볼 수 있습니다. 프로젝트를 떠나면 주소는 더 이상 작동하지 않습니다.',
  subscribeMake: '주소 만들기',
  subscribeExisting:
    '이 프로젝트의 주소가 이미 있습니다({{time}} 생성). 새로 만들면 이전 주소는 작동하지 않습니다.',
  manage: '프로필에서 캘린더 주소 관리',
  feed: {
    memberName: 'Teamline: {{name}}',
    projectName: 'Teamline: {{project}}',
    milestone: '마일스톤: {{title}}',
    contract: '계약: {{project}}',
    project: '프로젝트: {{project}}',
    open: 'Teamline에서 열기: {{url}}',
  },
};
