/** Texts of the mailed one-time sign-in link (issue 30): asking for it on the login page, and its landing page. */
export const signInUi = {
  mailLink: 'Gửi cho tôi liên kết đăng nhập',
  mailLinkHint: 'Không cần mật khẩu: một liên kết đăng nhập dùng được một lần, trong 15 phút.',
  sent: 'Nếu {{email}} có tài khoản Teamline, liên kết đăng nhập đang được gửi đến. Liên kết dùng được một lần, trong 15 phút.',
  signingIn: 'Đang đăng nhập…',
  failedTitle: 'Liên kết đăng nhập này không dùng được',
  backToLogin: 'Quay lại đăng nhập',
};
