import type { webhook as en } from '../en/webhook.js';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** 웹훅이 보내는 채팅 메시지 문구(Slack, Teams, Dooray, Discord). */
export const webhook: Shape<typeof en> = {
  botName: 'Teamline',
  heading: {
    milestone: {
      new: '새 마일스톤',
      edit: '마일스톤 수정',
      delete: '마일스톤 삭제',
    },
    story: {
      new: '새 스토리',
      edit: '스토리 수정',
      delete: '스토리 삭제',
    },
    request: {
      new: '새 요청',
      edit: '요청 변경',
      delete: '요청 철회',
    },
  },
  summary: '{{heading}}: {{title}}',
  inProject: '{{project}} 프로젝트',
  field: {
    project: '프로젝트',
    status: '상태',
    period: '기간',
    assignees: '담당자',
    milestone: '마일스톤',
    from: '보낸 사람',
    to: '받는 사람',
    kind: '종류',
    dueDate: '마감일',
    movedStories: '백로그로 옮겨진 스토리',
  },
  backlog: '백로그',
  nobody: '아직 없음',
  untitled: '제목 없음',
  requestKind: { general: '요청', contract: '계약 제안' },
  open: 'Teamline에서 열기',
  test: {
    title: 'Teamline 테스트 메시지',
    text: '웹훅이 정상적으로 동작합니다. {{project}}의 변경 사항이 여기에 게시됩니다.',
  },
};
