import type { calendarUi as en } from '../en/ui-calendar.js';

/** Chữ của phần nguồn lịch, và chữ của chính nguồn lịch (`feed`, máy chủ đọc). */
export const calendarUi: typeof en = {
  heading: 'Lịch',
  intro:
    'Đăng ký các ngày của Teamline trong Google Calendar, Outlook hoặc Apple Calendar: hạn của các câu chuyện giao cho bạn, các mốc của dự án và thời hạn hợp đồng của bạn. Địa chỉ là bí mật: ai có nó đều đọc được các ngày này.',
  loading: 'Đang tải nguồn lịch của bạn…',
  error: 'Không tải được nguồn lịch của bạn.',
  myFeed: 'Lịch của tôi',
  projectFeed: 'Lịch dự án: {{project}}',
  noFeed: 'Bạn chưa có địa chỉ lịch.',
  noProjectFeeds: 'Chưa có lịch dự án. Mở dòng thời gian của một dự án và chọn "Đăng ký trong lịch".',
  projectFeeds: 'Lịch dự án',
  make: 'Tạo địa chỉ lịch',
  rotate: 'Địa chỉ mới',
  rotateConfirm: 'Tạo địa chỉ mới? Các lịch đăng ký bằng địa chỉ cũ sẽ ngừng cập nhật.',
  revoke: 'Thu hồi',
  revokeLabel: 'Thu hồi {{name}}',
  revokeConfirm: 'Thu hồi địa chỉ của {{name}}? Các lịch đã đăng ký sẽ ngừng cập nhật.',
  revoked: 'Đã thu hồi địa chỉ lịch.',
  created: 'Tạo lúc {{time}}',
  lastFetched: 'Lịch đọc lần cuối lúc {{time}}',
  neverFetched: 'Chưa có lịch nào đọc',
  urlTitle: 'Địa chỉ lịch của bạn',
  urlHint:
    'Hãy sao chép ngay và thêm vào ứng dụng lịch dưới dạng đăng ký ("Từ URL", "Đăng ký lịch"). Địa chỉ không hiển thị lại; nếu mất, hãy tạo địa chỉ mới.',
  urlLabel: 'Địa chỉ lịch',
  copy: 'Sao chép địa chỉ',
  copied: 'Đã sao chép địa chỉ.',
  copyFailed: 'Không sao chép được địa chỉ. Hãy chọn và sao chép thủ công.',
  close: 'Xong',
  subscribe: 'Đăng ký trong lịch',
  subscribeIntro:
    'Các mốc và hạn câu chuyện của dự án này, trong ứng dụng lịch của bạn. Địa chỉ ngừng hoạt động nếu bạn rời dự án.',
  subscribeMake: 'Tạo địa chỉ',
  subscribeExisting:
    'Bạn đã có địa chỉ cho dự án này (tạo lúc {{time}}). Tạo địa chỉ mới sẽ làm địa chỉ cũ ngừng hoạt động.',
  manage: 'Quản lý địa chỉ lịch trong hồ sơ của bạn',
  feed: {
    memberName: 'Teamline: {{name}}',
    projectName: 'Teamline: {{project}}',
    milestone: 'Mốc: {{title}}',
    contract: 'Hợp đồng: {{project}}',
    project: 'Dự án: {{project}}',
    open: 'Mở trong Teamline: {{url}}',
  },
};
