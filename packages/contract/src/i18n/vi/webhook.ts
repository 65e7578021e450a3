import type { webhook as en } from '../en/webhook.js';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Nội dung tin nhắn chat mà webhook gửi (Slack, Teams, Dooray, Discord). */
export const webhook: Shape<typeof en> = {
  botName: 'Teamline',
  heading: {
    milestone: {
      new: 'Cột mốc mới',
      edit: 'Cột mốc đã cập nhật',
      delete: 'Cột mốc đã xóa',
    },
    story: {
      new: 'Câu chuyện mới',
      edit: 'Câu chuyện đã cập nhật',
      delete: 'Câu chuyện đã xóa',
    },
    request: {
      new: 'Yêu cầu mới',
      edit: 'Yêu cầu đã cập nhật',
      delete: 'Yêu cầu đã rút lại',
    },
  },
  summary: '{{heading}}: {{title}}',
  inProject: 'trong {{project}}',
  field: {
    project: 'Dự án',
    status: 'Trạng thái',
    period: 'Thời gian',
    assignees: 'Người phụ trách',
    milestone: 'Cột mốc',
    from: 'Người gửi',
    to: 'Người nhận',
    kind: 'Loại',
    dueDate: 'Hạn',
    movedStories: 'Câu chuyện chuyển về tồn đọng',
  },
  backlog: 'Tồn đọng',
  nobody: 'Chưa có ai',
  untitled: 'Không có tiêu đề',
  requestKind: { general: 'Yêu cầu', contract: 'Đề nghị hợp đồng' },
  open: 'Mở trong Teamline',
  test: {
    title: 'Tin nhắn thử từ Teamline',
    text: 'Webhook hoạt động. Các thay đổi của {{project}} sẽ được đăng tại đây.',
  },
};
