/** Texts of e-mails sent by the server. `{{minutes}}` is the link's lifetime. */
export const mail = {
  footer: 'Teamline',
  joinVerify: {
    subject: 'Xác nhận email của bạn cho Teamline',
    body: 'Chào mừng bạn đến với Teamline. Hãy xác nhận địa chỉ email để tiếp tục đăng ký.',
    action: 'Xác nhận email',
    expiry: 'Liên kết này chỉ dùng được một lần và hết hạn sau {{minutes}} phút.',
    ignore: 'Nếu bạn không yêu cầu tham gia Teamline, bạn có thể bỏ qua email này.',
  },
  passwordReset: {
    subject: 'Đặt lại mật khẩu Teamline',
    body: 'Chúng tôi đã nhận được yêu cầu đặt lại mật khẩu cho tài khoản Teamline của bạn.',
    action: 'Đặt lại mật khẩu',
    expiry: 'Liên kết này chỉ dùng được một lần và hết hạn sau {{minutes}} phút.',
    ignore: 'Nếu bạn không yêu cầu điều này, hãy bỏ qua email này; mật khẩu của bạn vẫn giữ nguyên.',
  },
  invite: {
    subject: '{{inviter}} đã mời bạn tham gia {{project}} trên Teamline',
    body: '{{inviter}} đã mời bạn tham gia dự án "{{project}}" trên Teamline với vai trò {{role}}.',
    action: 'Xem lời mời',
    expiry: 'Liên kết này chỉ dùng được một lần và hết hạn sau {{days}} ngày.',
    ignore: 'Nếu bạn không biết dự án này, bạn có thể bỏ qua email này.',
  },
  settlementAutoApproveDue: {
    subject: 'Quyết toán {{month}} của {{member}} sẽ được tự động phê duyệt vào {{date}}',
    body: '{{member}} đã gửi quyết toán {{month}} trong "{{project}}" và chưa ai phản hồi.',
    action: 'Xem xét quyết toán',
    expiry: 'Nếu không được phê duyệt hoặc trả lại trước, quyết toán sẽ được tự động phê duyệt vào {{date}}.',
    ignore: 'Bạn nhận được thư này vì là khách hàng hoặc quản trị viên của "{{project}}".',
  },
  roles: {
    admin: 'quản trị viên',
    depth1: 'trưởng nhóm',
    depth2: 'thành viên nhóm',
    client: 'khách hàng',
  },
};
