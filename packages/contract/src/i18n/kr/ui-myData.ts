import type { myDataUi as en } from '../en/ui-myData.js';

export const myDataUi = {
  storage: {
    heading: '저장 공간',
    intro: '프로필 사진과 리뷰 이미지는 내 공간을, 프로젝트에 올린 파일은 프로젝트 공간을 사용합니다.',
    used: '{{quota}} 중 {{used}} 사용',
    barLabel: '사용한 저장 공간',
    projectHeading: '프로젝트 저장 공간',
    projectIntro:
      '이 프로젝트에 누가 올린 파일이든 프로젝트 공간을 사용합니다. 파일을 지우면 공간이 돌아옵니다.',
    loading: '저장 공간 사용량을 불러오는 중…',
    error: '저장 공간 사용량을 불러오지 못했습니다.',
  },
  export: {
    heading: '내 데이터 내려받기',
    intro:
      '프로필, 경력, 프로젝트, 작업 시간, 댓글, 요청, 리뷰, 계약, 정산과 내가 올린 파일까지 내 모든 데이터를 압축 파일(zip)로 받을 수 있습니다. 준비되면 이메일로 알려 드립니다.',
    start: '내 데이터 준비하기',
    again: '새로 준비하기',
    queued: '시작을 기다리는 중…',
    running: '파일을 준비하는 중… {{progress}}%',
    progressLabel: '준비 진행률',
    ready: '파일({{size}})이 준비되었습니다. {{date}}까지 내려받을 수 있습니다.',
    download: '파일 내려받기',
    failed: '파일을 만들지 못했습니다. 다시 시도하세요.',
    expired: '마지막 파일은 기한이 지났습니다.',
    none: '아직 요청한 파일이 없습니다.',
    started: '파일을 준비하고 있습니다. 이 페이지를 떠나도 되며, 준비되면 이메일로 알려 드립니다.',
    loading: '불러오는 중…',
    error: '파일 상태를 불러오지 못했습니다.',
  },
  withdrawKept:
    '계약, 정산, 지급 내역과 그 근거인 작업 시간은 법에 따라 보관되며 "탈퇴한 멤버"로 표시됩니다. 그 밖의 내 데이터는 모두 지워집니다.',
} satisfies typeof en;
