/** Web texts of the home page (ui.home.*). Same keys in en, kr and vi. */
export const homeUi = {
  heroTitle: 'IT 프로젝트, 함께 운영하세요.',
  heroBody:
    'Teamline은 클라이언트, 전문가, 관리자를 하나의 작업 공간에 모읍니다: 타임라인, 작업 시간 기반 정산, 문서, 구독.',
  getStarted: '시작하기',
  login: '로그인',
  featureTimeline: '마일스톤과 스토리의 타임라인',
  featureSettlement: '작업 시간에 따른 정산',
  featureDocs: '문서와 AI 생성 보고서',
  projectsClient: '클라이언트로 참여 중인 프로젝트',
  projectsProfessional: '전문가로 참여 중인 프로젝트',
  empty: '이 모드의 프로젝트가 아직 없습니다.',
  create: '프로젝트 만들기',
  members_one: '멤버 {{count}}명',
  members_other: '멤버 {{count}}명',
  noDates: '기간 미정',
  active: '활성',
  inactive: '비활성',
  open: '{{name}} 열기',
};
