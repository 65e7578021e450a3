/** Văn bản thông báo: bảng của chuông, mục "Thông báo" của hồ sơ, và từng loại thông báo. */
export const notificationUi = {
  title: 'Thông báo',
  markAllRead: 'Đánh dấu tất cả đã đọc',
  markRead: 'Đánh dấu đã đọc',
  empty: 'Chưa có thông báo nào.',
  loading: 'Đang tải thông báo…',
  error: 'Không tải được thông báo.',
  more: 'Xem thêm',
  unread: 'Chưa đọc',
  settings: {
    heading: 'Thông báo',
    intro:
      'Chọn điều bạn muốn được báo, trong ứng dụng và qua e-mail. Bạn không bao giờ nhận thông báo về việc của chính mình.',
    kind: 'Sự kiện',
    inApp: 'Trong ứng dụng',
    email: 'E-mail',
    digest: 'Gửi e-mail thành một bản tóm tắt mỗi ngày (07:00 UTC) thay vì từng thư',
    save: 'Lưu',
    saved: 'Đã lưu cài đặt thông báo.',
  },
  categories: {
    planning: 'Dòng thời gian',
    request: 'Yêu cầu',
    contract: 'Hợp đồng',
    settlement: 'Quyết toán',
    project: 'Dự án',
  },
  labels: {
    storyAssigned: 'Được giao một câu chuyện',
    storyCommented: 'Bình luận trên câu chuyện của tôi',
    milestoneApprovalRequested: 'Yêu cầu phê duyệt cột mốc',
    milestoneApproved: 'Cột mốc của tôi được duyệt',
    milestoneRejected: 'Cột mốc của tôi bị từ chối',
    requestAssigned: 'Yêu cầu gửi cho tôi',
    requestCommented: 'Bình luận trên yêu cầu của tôi',
    requestTaken: 'Yêu cầu của tôi được nhận',
    requestCompleted: 'Yêu cầu của tôi đã hoàn thành',
    contractOffered: 'Hợp đồng đề nghị cho tôi',
    contractAccepted: 'Đề nghị hợp đồng của tôi được chấp nhận',
    contractDeclined: 'Đề nghị hợp đồng của tôi bị từ chối',
    settlementSubmitted: 'Quyết toán được nộp',
    settlementReturned: 'Quyết toán của tôi bị trả lại',
    settlementApproved: 'Quyết toán của tôi được duyệt',
    settlementPaid: 'Quyết toán của tôi được thanh toán',
    budgetThreshold: 'Ngân sách đạt 80 % hoặc 100 %',
    invited: 'Lời mời vào dự án',
    subscriptionWarning: 'Cảnh báo gói đăng ký',
    projectInactive: 'Dự án ngừng hoạt động',
    chargeFailed: 'Thanh toán thất bại',
    webhookDisabled: 'Webhook bị tắt',
    recruitmentApplied: 'Có người ứng tuyển vào tin tuyển dụng của tôi',
    applicationWithdrawn: 'Một đơn ứng tuyển bị rút lại',
    applicationShortlisted: 'Đơn ứng tuyển của tôi vào danh sách chọn',
    applicationRejected: 'Đơn ứng tuyển của tôi bị từ chối',
    applicationHired: 'Được tuyển từ đơn ứng tuyển của tôi',
  },
  kinds: {
    storyAssigned: {
      title: '{{actor}} đã giao cho bạn “{{story}}”',
      body: 'Một câu chuyện trong {{project}} giờ là của bạn.',
    },
    storyCommented: {
      title: '{{actor}} đã bình luận về “{{story}}”',
      body: 'Có bình luận mới trên câu chuyện của bạn trong {{project}}.',
    },
    milestoneApprovalRequested: {
      title: '{{actor}} đề nghị bạn phê duyệt “{{milestone}}”',
      body: 'Một cột mốc trong {{project}} đang chờ bạn phê duyệt.',
    },
    milestoneApproved: {
      title: '“{{milestone}}” đã được phê duyệt',
      body: '{{actor}} đã phê duyệt cột mốc bạn gửi trong {{project}}.',
    },
    milestoneRejected: {
      title: '“{{milestone}}” đã bị từ chối',
      body: '{{actor}} đã từ chối cột mốc bạn gửi trong {{project}}: {{reason}}',
    },
    requestAssigned: {
      title: '{{actor}} đã gửi cho bạn một yêu cầu: “{{request}}”',
      body: 'Một yêu cầu mới trong {{project}} đang chờ bạn trả lời.',
    },
    requestCommented: {
      title: '{{actor}} đã bình luận về “{{request}}”',
      body: 'Có bình luận mới trên một yêu cầu trong {{project}}.',
    },
    requestTaken: {
      title: '{{actor}} đã nhận yêu cầu “{{request}}” của bạn',
      body: 'Công việc cho yêu cầu của bạn trong {{project}} đã bắt đầu.',
    },
    requestCompleted: {
      title: '{{actor}} đã hoàn thành yêu cầu “{{request}}” của bạn',
      body: 'Yêu cầu của bạn trong {{project}} đã xong.',
    },
    contractOffered: {
      title: '{{actor}} đã đề nghị bạn một hợp đồng',
      body: 'Hãy trả lời đề nghị hợp đồng trong {{project}}.',
    },
    contractAccepted: {
      title: '{{actor}} đã chấp nhận đề nghị hợp đồng của bạn',
      body: 'Hợp đồng trong {{project}} đã có hiệu lực.',
    },
    contractDeclined: {
      title: '{{actor}} đã từ chối đề nghị hợp đồng của bạn',
      body: 'Đề nghị hợp đồng trong {{project}} đã bị từ chối.',
    },
    settlementSubmitted: {
      title: '{{actor}} đã nộp quyết toán tháng {{month}}',
      body: 'Một quyết toán trong {{project}} đang chờ bạn xem xét.',
    },
    settlementReturned: {
      title: 'Quyết toán tháng {{month}} của bạn bị trả lại',
      body: '{{actor}} đã trả lại kèm ghi chú trong {{project}}; hãy sửa và nộp lại.',
    },
    settlementApproved: {
      title: 'Quyết toán tháng {{month}} của bạn đã được duyệt',
      body: 'Quyết toán trong {{project}} đã được duyệt và đang chờ thanh toán.',
    },
    settlementPaid: {
      title: 'Quyết toán tháng {{month}} của bạn đã được thanh toán',
      body: 'Khoản thanh toán quyết toán trong {{project}} đã được ghi nhận.',
    },
    budgetThreshold: {
      title: 'Ngân sách của {{project}} đã đạt {{threshold}} %',
      body: '{{budget}}: đã chi {{spent}} trên {{amount}}.',
    },
    invited: {
      title: '{{actor}} đã mời bạn vào {{project}}',
      body: 'Mở e-mail mời để tham gia với vai trò {{role}}.',
    },
    subscriptionWarning: {
      title: 'Gói đăng ký của {{project}} cần bạn chú ý',
      body: '{{members}} thành viên, gói chỉ bao gồm {{covered}}: hãy thêm chỗ hoặc bớt thành viên trước {{date}}, nếu không dự án sẽ ngừng hoạt động.',
    },
    projectInactive: {
      title: '{{project}} đã ngừng hoạt động',
      body: 'Dự án chỉ đọc cho đến khi gói đăng ký được gia hạn.',
    },
    chargeFailed: {
      title: 'Một khoản thanh toán cho {{project}} đã thất bại',
      body: 'Không thể thanh toán ({{reason}}). Hãy kiểm tra thẻ trong Cài đặt › Thẻ.',
    },
    webhookDisabled: {
      title: 'Một webhook của {{project}} đã bị tắt',
      body: 'Nơi nhận của “{{webhook}}” trả lời {{status}}; hãy kiểm tra địa chỉ trong Cài đặt › Webhook.',
    },
    recruitmentApplied: {
      title: '{{actor}} đã ứng tuyển vào “{{post}}”',
      body: 'Có ứng viên mới cho tin tuyển dụng của {{project}}.',
    },
    applicationWithdrawn: {
      title: '{{actor}} đã rút đơn ứng tuyển vào “{{post}}”',
      body: 'Một đơn ứng tuyển vào tin tuyển dụng của {{project}} đã bị rút lại.',
    },
    applicationShortlisted: {
      title: 'Bạn đã vào danh sách chọn của “{{post}}”',
      body: '{{project}} đã đưa đơn ứng tuyển của bạn vào danh sách chọn.',
    },
    applicationRejected: {
      title: 'Đơn ứng tuyển vào “{{post}}” không được chấp nhận',
      body: '{{project}} đã chọn ứng viên khác. {{note}}',
    },
    applicationHired: {
      title: 'Bạn đã được tuyển cho “{{post}}”',
      body: 'Bạn đã tham gia {{project}}: một đề nghị hợp đồng đang chờ trong mục yêu cầu.',
    },
  },
};
