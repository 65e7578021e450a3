/** Texts of sign-in with Google (any OpenID Connect issuer): the result page and the join form after it. */
export const oauthUi = {
  signingIn: 'Đang đăng nhập bằng Google…',
  failedTitle: 'Chưa hoàn tất đăng nhập bằng Google',
  backToLogin: 'Quay lại đăng nhập',
  linkTitle: 'Liên kết tài khoản Google',
  linkBody:
    'Đã có tài khoản với {{email}}. Nhập mật khẩu của tài khoản đó một lần; từ đó bạn có thể đăng nhập bằng Google.',
  password: 'Mật khẩu',
  linkSubmit: 'Liên kết và đăng nhập',
  preTitle: 'Hoàn tất đăng ký',
  preSubtitle: 'Đăng ký bằng Google với {{email}}',
  noSession: 'Hãy đăng nhập bằng Google trước',
  noSessionBody: 'Không tìm thấy phiên đăng ký Google hoặc phiên đã hết hạn. Hãy đăng nhập bằng Google lại.',
};
