/** 프로필의 로그인 기기 섹션 (ui.devices.*). en, kr, vi가 같은 키를 가집니다. */
export const devicesUi = {
  heading: '로그인된 기기',
  intro: '계정이 로그인된 모든 브라우저입니다. 모르는 기기가 있으면 로그아웃시키고 비밀번호를 바꾸세요.',
  loading: '기기 목록을 불러오는 중…',
  error: '기기 목록을 불러오지 못했습니다.',
  empty: '다른 기기에는 로그인되어 있지 않습니다.',
  thisDevice: '이 기기',
  device: '{{os}}의 {{browser}}',
  unknownBrowser: '알 수 없는 브라우저',
  unknownOs: '알 수 없는 시스템',
  address: '주소 {{ip}}',
  unknownAddress: '주소 알 수 없음',
  lastUsed: '마지막 사용 {{time}}',
  signOut: '로그아웃',
  signOutLabel: '{{device}} 로그아웃',
  signOutOthers: '다른 기기 모두 로그아웃',
  signOutOthersConfirm:
    '다른 모든 기기를 로그아웃할까요? 그 기기에서는 비밀번호를 다시 입력해야 하며, 이 기기는 로그인 상태로 남습니다.',
  signedOut: '기기를 로그아웃했습니다.',
  signedOutOthers_one: '기기 {{count}}대를 로그아웃했습니다.',
  signedOutOthers_other: '기기 {{count}}대를 로그아웃했습니다.',
};
