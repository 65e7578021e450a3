import type { guideUi as en } from '../en/ui-guide.js';

/** Văn bản của trang hướng dẫn, các bước đầu tiên, kết quả xác thực email và trang thử nghiệm (ui.guide.*). */
export const guideUi = {
  title: 'Teamline hoạt động như thế nào',
  intro:
    'Teamline là nơi khách hàng và chuyên gia cùng điều hành dự án IT. Hướng dẫn này giải thích từng phần của ứng dụng hiện làm được gì, cho khách hàng và cho chuyên gia.',
  contents: 'Trên trang này',
  open: 'Mở',
  forClient: 'Với khách hàng',
  forProfessional: 'Với chuyên gia',
  modes: {
    title: 'Một tài khoản, hai chế độ',
    body: 'Trong mỗi dự án bạn ở một phía: khách hàng đặt việc và trả tiền, hoặc chuyên gia (làm tự do hay toàn thời gian) thực hiện công việc. Ứng dụng mỗi lúc chỉ hiển thị một phía, gọi là chế độ.',
    client:
      'Chế độ khách hàng liệt kê các dự án mà bạn là khách hàng: bạn theo dõi tiến độ trên bảng điều khiển, phê duyệt cột mốc và quyết toán, và thanh toán.',
    professional:
      'Chế độ chuyên gia liệt kê các dự án mà bạn làm việc: bạn lập kế hoạch câu chuyện, ghi thời gian làm và gửi quyết toán.',
    switch:
      'Chuyển chế độ trong menu tài khoản ở đầu trang (ảnh đại diện, rồi nhãn chế độ). Nếu chuyển khi đang ở trang của một dự án, bạn sẽ về trang chủ, vì danh sách dự án thay đổi theo chế độ.',
  },
  sections: {
    planning: {
      title: 'Lập kế hoạch',
      body: 'Dự án được lập kế hoạch trên dòng thời gian: cột mốc chứa các câu chuyện, câu chuyện chưa có cột mốc nằm chờ trong tồn đọng. Kéo thả chúng (bằng chuột hoặc bàn phím), lọc chúng, hoặc xem chúng theo lịch trình. Bảng chi tiết có người được giao, hạng mục, bình luận, thời gian đã ghi và lịch sử. Bảng điều khiển cho thấy tiến độ, biểu đồ việc còn lại, việc trễ hạn và khối lượng công việc.',
      client:
        'Bạn xem kế hoạch và góc nhìn khách hàng của bảng điều khiển, và phê duyệt cột mốc khi đã xong.',
      professional:
        'Bạn thêm và sắp xếp câu chuyện, nhận việc, ghi thời gian làm và đề nghị khách hàng phê duyệt cột mốc.',
      link: 'Mở dòng thời gian',
    },
    requests: {
      title: 'Yêu cầu',
      body: 'Một thành viên nhờ thành viên khác của dự án làm một việc với hạn chót và, nếu muốn, một câu chuyện. Yêu cầu có hộp đã nhận và đã gửi, bộ lọc trạng thái, bình luận và tệp đính kèm; đầu trang hiển thị số yêu cầu chưa đọc.',
      client: 'Nhờ chuyên gia làm việc và theo dõi trong hộp đã gửi; rút lại yêu cầu không còn cần.',
      professional: 'Nhận yêu cầu được gửi đến bạn và đánh dấu hoàn thành khi xong.',
      link: 'Mở yêu cầu',
    },
    contracts: {
      title: 'Hợp đồng và bảng chấm công',
      body: 'Quản trị viên hoặc khách hàng đề nghị hợp đồng cho chuyên gia: đơn giá ngày bằng KRW hoặc USD, thời hạn, phạm vi và tỷ lệ khấu trừ thuế. Đề nghị đến dưới dạng một yêu cầu để chuyên gia chấp nhận hoặc từ chối; mỗi thành viên chỉ có một hợp đồng đang chạy trong mỗi dự án. Thời gian ghi trên các câu chuyện là bảng chấm công của chuyên gia.',
      client: 'Đề nghị hợp đồng từ trang quyết toán của khách hàng.',
      professional:
        'Chấp nhận hoặc từ chối đề nghị trong yêu cầu của bạn, rồi ghi thời gian trên câu chuyện; thẻ bảng chấm công trên trang quyết toán hiển thị theo ngày.',
      link: 'Mở quyết toán',
    },
    settlement: {
      title: 'Quyết toán',
      body: 'Mỗi hợp đồng có một bản quyết toán mỗi tháng, tính từ thời gian đã ghi. Khi đã gửi, số tiền được cố định và thời gian của tháng bị khóa. Bản quyết toán đã gửi mà không ai trả lời sẽ tự động được phê duyệt sau một số ngày nhất định. Bảng kê tải xuống dạng CSV hoặc PDF.',
      client:
        'Xem quyết toán của mọi chuyên gia và chi tiêu theo tháng, phê duyệt hoặc trả lại kèm ghi chú, và ghi nhận khoản thanh toán.',
      professional: 'Kiểm tra bảng kê của tháng, các dòng theo câu chuyện và theo ngày, rồi gửi đi.',
      link: 'Mở quyết toán',
    },
    subscription: {
      title: 'Gói đăng ký và chỗ',
      body: 'Mỗi dự án được miễn phí 4 thành viên; mỗi thành viên thêm cần một chỗ, trả bằng thẻ theo tháng hoặc theo năm (giảm 20%). Chỗ thêm vào được tính tiền ngay theo phần thời gian còn lại; bớt chỗ và đổi gói có hiệu lực khi gia hạn. Khi dự án có nhiều thành viên hơn số được tính, một thanh cảnh báo xuất hiện và sau 3 ngày dự án chỉ mở phần cài đặt và thanh toán cho đến khi được khắc phục.',
      client:
        'Nếu bạn là quản trị viên của dự án, hãy quản lý gói đăng ký, thẻ, phiếu giảm giá và thanh toán trong cài đặt dự án.',
      professional:
        'Quản trị viên của dự án trả tiền; nếu bạn là quản trị viên, các cài đặt đó thuộc về bạn.',
      link: 'Mở cài đặt gói đăng ký',
    },
    webhooks: {
      title: 'Webhook',
      body: 'Quản trị viên dự án có thể gửi tin của dự án đến Slack, Microsoft Teams, Dooray hoặc Discord: chọn cột mốc, câu chuyện và yêu cầu, các sự kiện (tạo, sửa, xóa) và ngôn ngữ của tin nhắn. Mỗi Webhook có thể gửi tin thử và giữ nhật ký gửi với nút “thử lại ngay”.',
      client: 'Nếu bạn là quản trị viên của dự án, hãy thêm Webhook trong cài đặt dự án.',
      professional: 'Nếu bạn là quản trị viên của dự án, hãy thêm Webhook trong cài đặt dự án.',
      link: 'Mở cài đặt Webhook',
    },
    notifications: {
      title: 'Thông báo',
      body: 'Chuông ở đầu trang gom những gì liên quan đến bạn: việc được giao, bình luận trên câu chuyện của bạn, yêu cầu, phê duyệt cột mốc, hợp đồng, quyết toán, lời mời và cảnh báo thanh toán, không bao giờ là việc bạn tự làm. Với từng loại, bạn chọn hiển thị trong ứng dụng, nhận qua email, hoặc cả hai, hay nhận một email tóm tắt mỗi ngày.',
      client: 'Phê duyệt, hợp đồng và cảnh báo thanh toán đến với bạn ở đây.',
      professional: 'Việc được giao, yêu cầu và phản hồi quyết toán đến với bạn ở đây.',
      link: 'Chọn thông báo của bạn',
    },
    documents: {
      title: 'Tài liệu',
      body: 'Mỗi dự án giữ tài liệu trong các thư mục lồng nhau: văn bản định dạng do nhiều thành viên cùng sửa một lúc, kèm tệp tải lên. Tài liệu có thể chia sẻ với mọi thành viên, để riêng tư, chia sẻ với thành viên được chọn (xem hoặc sửa), hoặc mở cho bất kỳ ai bằng một liên kết công khai mà bạn có thể thu hồi.',
      client: 'Đọc và viết tài liệu của dự án, chia sẻ tài liệu với người cần đến.',
      professional:
        'Viết đặc tả, ghi chú và báo cáo bên cạnh kế hoạch, và chia sẻ liên kết chỉ đọc cho người ngoài dự án.',
      link: 'Mở tài liệu',
    },
    ai: {
      title: 'Tài liệu và dòng thời gian bằng AI',
      body: 'Từ danh sách tài liệu, AI viết bản nháp (báo cáo tuần hoặc tháng, biên bản họp, yêu cầu) từ hoạt động của dự án: câu chuyện, lịch sử, thời gian đã ghi và cột mốc. Trên dòng thời gian, “Dòng thời gian từ tệp” đọc tệp PDF, Word, TXT hoặc CSV và đề xuất cột mốc, câu chuyện và ngày để bạn xem lại và sửa trước khi áp dụng.',
      client: 'Yêu cầu báo cáo tuần hoặc tháng trước và sửa nó như mọi tài liệu.',
      professional: 'Biến tệp yêu cầu thành kế hoạch đầu tiên, và soạn báo cáo tuần từ công việc của bạn.',
      link: 'Viết tài liệu bằng AI',
    },
    github: {
      title: 'GitHub',
      body: 'Quản trị viên kết nối dự án với một kho GitHub và nhánh. Commit và pull request có khóa của câu chuyện trong nội dung được liên kết với câu chuyện đó và hiện trong bảng chi tiết; nhật ký đồng bộ cho thấy những gì đã đến.',
      client: 'Xem commit và pull request nào thuộc về một câu chuyện trong bảng chi tiết của nó.',
      professional:
        'Ghi khóa của câu chuyện vào nội dung commit hoặc pull request để liên kết; nếu là quản trị viên, hãy kết nối kho trong cài đặt dự án.',
      link: 'Mở cài đặt GitHub',
    },
    recruitment: {
      title: 'Tuyển dụng',
      body: 'Quản trị viên dự án đăng tin tuyển dụng cho dự án; chuyên gia tìm tin và ứng tuyển. Quản trị viên xem hồ sơ ứng tuyển và tuyển một ứng viên, người đó tham gia dự án.',
      client: 'Đăng tin tuyển dụng cho dự án và tuyển từ các hồ sơ ứng tuyển.',
      professional: 'Tìm tin tuyển dụng, ứng tuyển bằng hồ sơ của bạn và theo dõi các đơn đã gửi.',
      link: 'Mở tuyển dụng',
    },
    reviews: {
      title: 'Đánh giá',
      body: 'Các thành viên đã cùng làm một dự án đánh giá nhau tối đa 5 sao, kèm nhận xét và hình ảnh. Đánh giá và điểm trung bình của một thành viên hiện trong cửa sổ hồ sơ, mở từ ảnh đại diện.',
      client: 'Đánh giá các chuyên gia của dự án khi công việc hoàn tất.',
      professional:
        'Đánh giá tạo nên uy tín của bạn cho dự án sau; hãy đánh giá những người đã làm cùng bạn.',
      link: 'Mở hồ sơ của bạn',
    },
  },
  notYet: {
    title: 'Chưa có',
    body: 'Khu vực thử nghiệm (tự động lập trình) có chỗ trong menu nhưng chưa hoạt động.',
  },
  gettingStarted: 'Mới dùng? Làm theo các bước đầu tiên',
  start: {
    title: 'Chào mừng bạn đến với Teamline',
    intro: 'Ba bước là bạn có thể bắt đầu. Bạn có thể quay lại trang này từ trang hướng dẫn.',
    done: 'Đã xong',
    notDone: 'Chưa xong',
    profile: {
      title: 'Hoàn thiện hồ sơ',
      body: 'Thêm công việc và ít nhất một kinh nghiệm làm việc: các thành viên khác thấy chúng khi mở hồ sơ của bạn.',
      action: 'Mở hồ sơ',
    },
    project: {
      title: 'Tạo dự án đầu tiên hoặc chấp nhận lời mời',
      body: 'Tạo dự án từ trang chủ, hoặc mở liên kết mời mà quản trị viên dự án đã gửi cho bạn qua email.',
      action: 'Tạo dự án ở trang chủ',
    },
    mode: {
      title: 'Chọn chế độ khách hàng hoặc chuyên gia',
      body: 'Chế độ khách hàng hiển thị các dự án bạn đặt việc, chế độ chuyên gia hiển thị các dự án bạn làm. Bạn có thể đổi bất cứ lúc nào trong menu tài khoản ở đầu trang.',
      current: 'Hiện tại: {{mode}}',
    },
    finish: 'Về trang chủ',
    guide: 'Đọc hướng dẫn',
  },
  mailauth: {
    successTitle: 'Đã xác thực email',
    successBody: 'Địa chỉ email của bạn đã được xác nhận.',
    continueJoin: 'Tiếp tục đăng ký',
    login: 'Đăng nhập',
    failureTitle: 'Xác thực email thất bại',
    failureBody: 'Liên kết không hợp lệ, đã hết hạn hoặc đã được dùng. Hãy yêu cầu liên kết mới.',
    again: 'Yêu cầu liên kết mới',
  },
  pilot: {
    title: 'Thử nghiệm: tự động lập trình',
    badge: 'Thử nghiệm',
    body: 'Đây là khu vực thử nghiệm cho việc tự động lập trình, biến các câu chuyện của dự án thành mã. Tính năng này chưa có: không có gì trên trang này hoạt động, và dự án của bạn không bị tác động.',
    back: 'Quay lại dòng thời gian',
  },
} satisfies typeof en;
