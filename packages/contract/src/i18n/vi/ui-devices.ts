/** Văn bản mục thiết bị đã đăng nhập trong hồ sơ (ui.devices.*). Cùng khóa ở en, kr và vi. */
export const devicesUi = {
  heading: 'Thiết bị đã đăng nhập',
  intro:
    'Mọi trình duyệt đang đăng nhập tài khoản của bạn. Nếu có thiết bị lạ, hãy đăng xuất thiết bị đó và đổi mật khẩu.',
  loading: 'Đang tải danh sách thiết bị…',
  error: 'Không tải được danh sách thiết bị.',
  empty: 'Không có thiết bị nào khác đang đăng nhập.',
  thisDevice: 'Thiết bị này',
  device: '{{browser}} trên {{os}}',
  unknownBrowser: 'Trình duyệt không rõ',
  unknownOs: 'hệ điều hành không rõ',
  address: 'Địa chỉ {{ip}}',
  unknownAddress: 'Không rõ địa chỉ',
  lastUsed: 'Dùng lần cuối {{time}}',
  signOut: 'Đăng xuất',
  signOutLabel: 'Đăng xuất {{device}}',
  signOutOthers: 'Đăng xuất mọi thiết bị khác',
  signOutOthersConfirm:
    'Đăng xuất mọi thiết bị khác? Các thiết bị đó sẽ phải nhập lại mật khẩu; thiết bị này vẫn đăng nhập.',
  signedOut: 'Đã đăng xuất thiết bị.',
  signedOutOthers_one: 'Đã đăng xuất {{count}} thiết bị.',
  signedOutOthers_other: 'Đã đăng xuất {{count}} thiết bị.',
};
