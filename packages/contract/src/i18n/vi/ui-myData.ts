import type { myDataUi as en } from '../en/ui-myData.js';

export const myDataUi = {
  storage: {
    heading: 'Dung lượng lưu trữ',
    intro:
      'Ảnh hồ sơ và ảnh đánh giá dùng dung lượng của riêng bạn; tệp trong dự án dùng dung lượng của dự án.',
    used: 'Đã dùng {{used}} / {{quota}}',
    barLabel: 'Dung lượng đã dùng',
    projectHeading: 'Dung lượng của dự án',
    projectIntro:
      'Mọi tệp tải lên dự án này, của bất kỳ ai, đều dùng dung lượng của dự án. Xóa tệp sẽ giải phóng dung lượng.',
    loading: 'Đang tải dung lượng đã dùng…',
    error: 'Không tải được dung lượng đã dùng.',
  },
  export: {
    heading: 'Tải xuống dữ liệu của tôi',
    intro:
      'Nhận một tệp nén (zip) chứa mọi dữ liệu của bạn: hồ sơ, kinh nghiệm, dự án, giờ làm, bình luận, yêu cầu, đánh giá, hợp đồng, quyết toán và các tệp bạn đã tải lên. Chúng tôi sẽ gửi email khi tệp sẵn sàng.',
    start: 'Chuẩn bị dữ liệu của tôi',
    again: 'Chuẩn bị bản mới',
    queued: 'Đang chờ bắt đầu…',
    running: 'Đang chuẩn bị tệp… {{progress}}%',
    progressLabel: 'Tiến độ chuẩn bị',
    ready: 'Tệp của bạn đã sẵn sàng ({{size}}). Có thể tải xuống đến {{date}}.',
    download: 'Tải tệp xuống',
    failed: 'Không tạo được tệp. Hãy thử lại.',
    expired: 'Tệp gần nhất của bạn đã hết hạn.',
    none: 'Bạn chưa yêu cầu tệp nào.',
    started: 'Chúng tôi đang chuẩn bị tệp. Bạn có thể rời trang này; chúng tôi sẽ gửi email khi xong.',
    loading: 'Đang tải…',
    error: 'Không tải được trạng thái tệp của bạn.',
  },
  withdrawKept:
    'Hợp đồng, quyết toán, thanh toán và giờ làm liên quan được giữ lại theo quy định pháp luật, hiển thị là của "thành viên cũ". Mọi dữ liệu khác của bạn sẽ bị xóa.',
} satisfies typeof en;
