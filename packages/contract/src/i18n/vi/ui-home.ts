/** Web texts of the home page (ui.home.*). Same keys in en, kr and vi. */
export const homeUi = {
  heroTitle: 'Cùng nhau điều hành dự án IT.',
  heroBody:
    'Teamline đưa khách hàng, chuyên gia và quản lý vào một không gian làm việc: dòng thời gian, quyết toán theo giờ làm, tài liệu và gói đăng ký.',
  getStarted: 'Bắt đầu',
  login: 'Đăng nhập',
  featureTimeline: 'Dòng thời gian của cột mốc và câu chuyện',
  featureSettlement: 'Quyết toán theo thời gian làm việc',
  featureDocs: 'Tài liệu và báo cáo do AI tạo',
  projectsClient: 'Dự án của tôi với vai trò khách hàng',
  projectsProfessional: 'Dự án của tôi với vai trò chuyên gia',
  empty: 'Bạn chưa có dự án nào ở chế độ này.',
  create: 'Tạo dự án',
  members_one: '{{count}} thành viên',
  members_other: '{{count}} thành viên',
  noDates: 'Chưa đặt ngày',
  active: 'HOẠT ĐỘNG',
  inactive: 'KHÔNG HOẠT ĐỘNG',
  open: 'Mở {{name}}',
};
