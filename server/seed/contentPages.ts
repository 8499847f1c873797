import type { Lang } from '../../domain/i18n';

export interface PageText {
  title: string;
  /** Paragraphs separated by blank lines ("\n\n"); no markup. */
  body: string;
}

export interface SeedPage {
  key: 'aboutus' | 'contactus' | 'operational_compliance';
  text: Record<Lang, PageText>;
}

export interface SeedFaq {
  /** Stable key, so a re-seed never duplicates. */
  key: string;
  text: Record<Lang, { question: string; answer: string }>;
}

export interface SeedNotice {
  key: string;
  text: Record<Lang, { title: string; summary: string; body: string }>;
}

/** About us, contact us and the operational compliance statement. */
export const SEED_PAGES: SeedPage[] = [
  {
    key: 'aboutus',
    text: {
      en: {
        title: 'About Kestrel',
        body: 'Kestrel is a mobile-first app for trading crypto, stocks, forex and metals. In one place you can follow the markets, trade, use finance products, manage your funds and keep your account secure, in any of 9 languages.\n\nA few principles guide how it works. Every result is settled from the recorded market price, never from a price sent by the app. Every change to your balance is kept in a journal, which you can read at any time as your bills.\n\nAmounts are handled as exact decimals, never as rounded floating-point numbers. The server never trusts the app with an amount, a user id or a price: it works them out itself from your signed-in session and its own records.\n\nAn honest note: this installation runs an embedded market simulator. The prices you see are simulated and are not quotes from any exchange.',
      },
      zh: {
        title: '关于 Kestrel',
        body: 'Kestrel 是一款移动优先的交易应用，支持加密货币、股票、外汇和贵金属。您可以在一个应用中查看行情、进行交易、使用理财产品、管理资金并保障账户安全，界面支持 9 种语言。\n\n我们遵循几项基本原则。所有结果均按记录的市场价格结算，绝不采用应用发送的价格。您余额的每一次变动都会记入流水，您可以随时在“账单”中查看。\n\n所有金额均以精确的十进制数处理，绝不使用会产生舍入误差的浮点数。服务器从不信任应用提交的金额、用户 ID 或价格，而是根据您的登录会话和自身记录自行确定。\n\n特别说明：本站点运行的是内置的行情模拟器，您看到的价格均为模拟数据，并非任何交易所的报价。',
      },
      hk: {
        title: '關於 Kestrel',
        body: 'Kestrel 是一款以流動裝置為先的交易應用程式，支援加密貨幣、股票、外匯及貴金屬。您可在同一個應用程式內查看行情、進行交易、使用理財產品、管理資金及保障帳戶安全，介面支援 9 種語言。\n\n我們遵循幾項基本原則。所有結果均按已記錄的市場價格結算，絕不採用應用程式傳送的價格。您餘額的每一次變動都會記入流水紀錄，您可隨時在「帳單」中查閱。\n\n所有金額均以精確的十進制數值處理，絕不使用會產生捨入誤差的浮點數。伺服器從不信任應用程式提交的金額、用戶 ID 或價格，而是根據您的登入狀態及自身紀錄自行確定。\n\n特別說明：本站運行的是內置的行情模擬器，您看到的價格均為模擬數據，並非任何交易所的報價。',
      },
      th: {
        title: 'เกี่ยวกับ Kestrel',
        body: 'Kestrel เป็นแอปที่ออกแบบมาเพื่อมือถือเป็นหลัก สำหรับเทรดคริปโต หุ้น ฟอเร็กซ์ และโลหะมีค่า คุณสามารถติดตามตลาด เทรด ใช้ผลิตภัณฑ์การเงิน จัดการเงินทุน และดูแลความปลอดภัยของบัญชีได้ในที่เดียว โดยรองรับ 9 ภาษา\n\nเรายึดหลักการสำคัญไม่กี่ข้อ ผลลัพธ์ทุกรายการจะชำระตามราคาตลาดที่บันทึกไว้ ไม่ใช่ราคาที่แอปส่งมา และทุกการเปลี่ยนแปลงของยอดคงเหลือจะถูกบันทึกไว้ในสมุดรายการ ซึ่งคุณสามารถดูได้ทุกเมื่อในหน้าใบแจ้งยอด\n\nจำนวนเงินทั้งหมดจะถูกจัดการเป็นเลขทศนิยมที่แม่นยำ ไม่ใช้เลขทศนิยมแบบลอยตัวที่มีการปัดเศษ เซิร์ฟเวอร์ไม่เชื่อถือจำนวนเงิน ID ผู้ใช้ หรือราคาที่แอปส่งมาเลย แต่จะหาค่าเหล่านี้เองจากเซสชันที่คุณเข้าสู่ระบบและข้อมูลที่บันทึกไว้ในระบบ\n\nข้อควรทราบ: ระบบที่ติดตั้งนี้ใช้ตัวจำลองตลาดในตัว ราคาที่คุณเห็นเป็นราคาจำลอง และไม่ใช่ราคาเสนอจากตลาดแลกเปลี่ยนใด ๆ',
      },
      jp: {
        title: 'Kestrelについて',
        body: 'Kestrelは、暗号資産・株式・FX・貴金属を取引できるモバイルファーストのアプリです。マーケットの確認、取引、資産運用商品、資金の管理、アカウントのセキュリティまでをひとつのアプリで行えます。9つの言語に対応しています。\n\nKestrelはいくつかの原則に基づいて運営されています。すべての結果は、アプリから送られた価格ではなく、記録された市場価格に基づいて決済されます。残高の変動はすべて台帳に記録され、いつでも「明細」として確認できます。\n\n金額はすべて正確な10進数で扱い、丸め誤差の生じる浮動小数点数は使用しません。サーバーはアプリから送られた金額、ユーザーID、価格を決して信用せず、ログイン中のセッションとサーバー自身の記録からこれらを判断します。\n\nご注意：この環境では、組み込みのマーケットシミュレーターが動作しています。表示される価格はシミュレーションによるもので、いかなる取引所の気配値でもありません。',
      },
      kor: {
        title: 'Kestrel 소개',
        body: 'Kestrel은 암호화폐, 주식, 외환, 귀금속을 거래할 수 있는 모바일 중심 앱입니다. 시세 확인, 거래, 금융 상품, 자금 관리, 계정 보안까지 하나의 앱에서 이용할 수 있으며 9개 언어를 지원합니다.\n\nKestrel은 몇 가지 원칙에 따라 운영됩니다. 모든 결과는 앱이 보낸 가격이 아니라 기록된 시장 가격을 기준으로 정산됩니다. 잔액의 모든 변동은 원장에 기록되며, 언제든지 ‘내역’에서 확인할 수 있습니다.\n\n모든 금액은 반올림 오차가 생기는 부동소수점이 아닌 정확한 십진수로 처리됩니다. 서버는 앱이 보낸 금액, 사용자 ID, 가격을 절대 신뢰하지 않으며, 로그인한 세션과 자체 기록을 바탕으로 직접 판단합니다.\n\n안내: 이 서버에서는 내장된 시장 시뮬레이터가 실행되고 있습니다. 표시되는 가격은 시뮬레이션된 가격이며 어떤 거래소의 시세도 아닙니다.',
      },
      fra: {
        title: 'À propos de Kestrel',
        body: "Kestrel est une application pensée d'abord pour le mobile, dédiée aux cryptomonnaies, aux actions, au forex et aux métaux. Vous pouvez y suivre les marchés, trader, souscrire des produits financiers, gérer vos fonds et sécuriser votre compte, le tout dans l'une de ses 9 langues.\n\nQuelques principes guident son fonctionnement. Chaque résultat est réglé sur la base du prix de marché enregistré, jamais d'un prix envoyé par l'application. Chaque mouvement de votre solde est inscrit dans un journal, que vous pouvez consulter à tout moment sous forme de relevés.\n\nLes montants sont traités comme des décimaux exacts, jamais comme des nombres à virgule flottante arrondis. Le serveur ne fait jamais confiance à l'application pour un montant, un identifiant utilisateur ou un prix : il les détermine lui-même à partir de votre session et de ses propres enregistrements.\n\nEn toute transparence : cette installation fonctionne avec un simulateur de marché intégré. Les prix affichés sont simulés et ne sont les cotations d'aucune plateforme d'échange.",
      },
      spa: {
        title: 'Acerca de Kestrel',
        body: 'Kestrel es una aplicación pensada primero para el móvil para operar con criptomonedas, acciones, forex y metales. En un solo lugar puedes seguir los mercados, operar, usar productos financieros, gestionar tus fondos y proteger tu cuenta, en cualquiera de sus 9 idiomas.\n\nUnos pocos principios guían su funcionamiento. Cada resultado se liquida con el precio de mercado registrado, nunca con un precio enviado por la aplicación. Cada cambio en tu saldo queda anotado en un diario que puedes consultar en cualquier momento en tus movimientos.\n\nLos importes se manejan como decimales exactos, nunca como números de coma flotante redondeados. El servidor nunca confía en la aplicación para un importe, un ID de usuario o un precio: los determina por sí mismo a partir de tu sesión iniciada y de sus propios registros.\n\nUna aclaración honesta: esta instalación funciona con un simulador de mercado integrado. Los precios que ves son simulados y no son cotizaciones de ningún exchange.',
      },
      vi: {
        title: 'Giới thiệu Kestrel',
        body: 'Kestrel là ứng dụng ưu tiên thiết bị di động để giao dịch tiền điện tử, cổ phiếu, ngoại hối và kim loại quý. Tại một nơi, bạn có thể theo dõi thị trường, giao dịch, sử dụng sản phẩm tài chính, quản lý tiền và bảo mật tài khoản, với 9 ngôn ngữ giao diện.\n\nỨng dụng hoạt động theo một vài nguyên tắc. Mọi kết quả đều được thanh toán theo giá thị trường đã được ghi nhận, không bao giờ theo giá do ứng dụng gửi lên. Mọi thay đổi số dư đều được ghi vào sổ nhật ký, và bạn có thể xem bất cứ lúc nào trong mục sao kê.\n\nSố tiền được xử lý dưới dạng số thập phân chính xác, không bao giờ dùng số dấu phẩy động bị làm tròn. Máy chủ không bao giờ tin vào số tiền, ID người dùng hay giá do ứng dụng gửi lên: máy chủ tự xác định các giá trị này từ phiên đăng nhập của bạn và dữ liệu của chính mình.\n\nLưu ý thẳng thắn: hệ thống này chạy một trình mô phỏng thị trường tích hợp. Giá bạn thấy là giá mô phỏng, không phải báo giá từ bất kỳ sàn giao dịch nào.',
      },
    },
  },
  {
    key: 'contactus',
    text: {
      en: {
        title: 'Contact us',
        body: 'For help with your account, deposits, withdrawals or trading, email our support team at support@kestrel.local. We reply within one business day.\n\nPlease include the email address or phone number of your account so we can find it quickly. Never send your password or a verification code: our staff will never ask for them.\n\nAn in-app customer service chat is being built. If you have lost access to your account, reset your password with "Forgot password?" on the login page.\n\nTo report a security issue, please write to security@kestrel.local.',
      },
      zh: {
        title: '联系我们',
        body: '如需账户、充值、提现或交易方面的帮助，请发送邮件至客服邮箱 support@kestrel.local，我们会在一个工作日内回复。\n\n请在邮件中注明您账户的邮箱或手机号，以便我们快速找到您的账户。切勿发送您的密码或验证码：我们的工作人员绝不会向您索要。\n\n应用内的在线客服功能正在开发中。如果您无法登录账户，请在登录页面点击“忘记密码？”重置密码。\n\n如需报告安全问题，请发送邮件至 security@kestrel.local。',
      },
      hk: {
        title: '聯絡我們',
        body: '如需帳戶、充值、提現或交易方面的協助，請電郵至客服信箱 support@kestrel.local，我們會在一個工作天內回覆。\n\n請在電郵中註明您帳戶的電郵地址或手機號碼，方便我們盡快找到您的帳戶。切勿傳送您的密碼或驗證碼：我們的職員絕不會向您索取。\n\n應用程式內的線上客服功能正在開發中。如您無法登入帳戶，請在登入頁面點選「忘記密碼？」重設密碼。\n\n如需報告安全問題，請電郵至 security@kestrel.local。',
      },
      th: {
        title: 'ติดต่อเรา',
        body: 'หากต้องการความช่วยเหลือเกี่ยวกับบัญชี การฝาก การถอน หรือการเทรด โปรดส่งอีเมลถึงทีมสนับสนุนที่ support@kestrel.local เราจะตอบกลับภายใน 1 วันทำการ\n\nโปรดระบุอีเมลหรือหมายเลขโทรศัพท์ของบัญชีคุณ เพื่อให้เราค้นหาบัญชีได้อย่างรวดเร็ว ห้ามส่งรหัสผ่านหรือรหัสยืนยันโดยเด็ดขาด เจ้าหน้าที่ของเราจะไม่ขอข้อมูลเหล่านี้จากคุณ\n\nระบบแชทบริการลูกค้าในแอปกำลังอยู่ระหว่างการพัฒนา หากคุณเข้าบัญชีไม่ได้ โปรดรีเซ็ตรหัสผ่านโดยแตะ "ลืมรหัสผ่าน?" ที่หน้าเข้าสู่ระบบ\n\nหากต้องการแจ้งปัญหาด้านความปลอดภัย โปรดส่งอีเมลถึง security@kestrel.local',
      },
      jp: {
        title: 'お問い合わせ',
        body: 'アカウント、入金、出金、取引に関するお問い合わせは、サポートチーム（support@kestrel.local）までメールでご連絡ください。1営業日以内にご返信いたします。\n\nアカウントを速やかに確認できるよう、アカウントのメールアドレスまたは電話番号をご記載ください。パスワードや認証コードは絶対に送信しないでください。当社スタッフがそれらをお尋ねすることはありません。\n\nアプリ内のカスタマーサポートチャットは現在準備中です。アカウントにログインできなくなった場合は、ログイン画面の「パスワードをお忘れですか？」からパスワードを再設定してください。\n\nセキュリティ上の問題のご報告は、security@kestrel.local までお送りください。',
      },
      kor: {
        title: '문의하기',
        body: '계정, 입금, 출금, 거래와 관련해 도움이 필요하시면 고객지원팀 이메일 support@kestrel.local로 문의해 주세요. 영업일 기준 1일 이내에 답변드립니다.\n\n계정을 빠르게 찾을 수 있도록 계정의 이메일 주소 또는 휴대폰 번호를 함께 적어 주세요. 비밀번호나 인증 코드는 절대 보내지 마세요. 저희 직원은 이를 절대 요청하지 않습니다.\n\n앱 내 고객센터 채팅은 현재 준비 중입니다. 계정에 접속할 수 없다면 로그인 화면에서 ‘비밀번호를 잊으셨나요?’를 눌러 비밀번호를 재설정해 주세요.\n\n보안 문제는 security@kestrel.local로 제보해 주세요.',
      },
      fra: {
        title: 'Nous contacter',
        body: "Pour toute aide concernant votre compte, vos dépôts, vos retraits ou vos opérations, écrivez à notre équipe d'assistance à support@kestrel.local. Nous répondons sous un jour ouvré.\n\nIndiquez l'adresse e-mail ou le numéro de téléphone de votre compte afin que nous puissions le retrouver rapidement. N'envoyez jamais votre mot de passe ni un code de vérification : notre personnel ne vous les demandera jamais.\n\nUn chat avec le service client est en cours de développement dans l'application. Si vous n'avez plus accès à votre compte, réinitialisez votre mot de passe via « Mot de passe oublié ? » sur la page de connexion.\n\nPour signaler un problème de sécurité, écrivez à security@kestrel.local.",
      },
      spa: {
        title: 'Contáctanos',
        body: 'Si necesitas ayuda con tu cuenta, depósitos, retiros u operaciones, escribe a nuestro equipo de soporte a support@kestrel.local. Respondemos en un plazo de un día hábil.\n\nIncluye el correo electrónico o el número de teléfono de tu cuenta para que podamos encontrarla rápidamente. Nunca envíes tu contraseña ni un código de verificación: nuestro personal nunca te los pedirá.\n\nEstamos desarrollando un chat de atención al cliente dentro de la aplicación. Si perdiste el acceso a tu cuenta, restablece tu contraseña con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.\n\nPara informar de un problema de seguridad, escribe a security@kestrel.local.',
      },
      vi: {
        title: 'Liên hệ với chúng tôi',
        body: 'Nếu bạn cần hỗ trợ về tài khoản, nạp tiền, rút tiền hoặc giao dịch, hãy gửi email cho đội ngũ hỗ trợ tại support@kestrel.local. Chúng tôi sẽ phản hồi trong vòng một ngày làm việc.\n\nVui lòng ghi rõ email hoặc số điện thoại của tài khoản để chúng tôi tìm được tài khoản nhanh chóng. Tuyệt đối không gửi mật khẩu hoặc mã xác minh: nhân viên của chúng tôi sẽ không bao giờ yêu cầu những thông tin này.\n\nTính năng trò chuyện với bộ phận chăm sóc khách hàng trong ứng dụng đang được xây dựng. Nếu bạn không thể truy cập tài khoản, hãy đặt lại mật khẩu bằng "Quên mật khẩu?" trên trang đăng nhập.\n\nĐể báo cáo sự cố bảo mật, vui lòng gửi email đến security@kestrel.local.',
      },
    },
  },
  {
    key: 'operational_compliance',
    text: {
      en: {
        title: 'Operational compliance',
        body: 'Kestrel verifies the identity of its users (KYC) in two levels. Basic verification asks for your name and the type and number of your ID document. Advanced verification also asks for photos of the front and back of that document. Your email address and phone number must both be bound before a verification can be approved.\n\nLimits depend on your verification level. With basic verification you can withdraw up to the equivalent of 200 BTC per 24 hours, and fiat trades are limited to 2,000 USDT per trade. With advanced verification you can withdraw up to the equivalent of 500 BTC per 24 hours, and fiat trades can be up to 1,000,000 USDT per trade.\n\nWe monitor activity to prevent money laundering and keep records of accounts and transactions. Accounts may be restricted when suspicious activity is detected.\n\nYou must be of legal age to use Kestrel, and you must follow the laws of the place where you live.\n\nRisk warning: trading leveraged products and options carries a high risk, and you can lose your whole stake. Only trade with money you can afford to lose.',
      },
      zh: {
        title: '运营合规',
        body: 'Kestrel 对用户进行两级身份认证（KYC）。初级认证需要提供您的姓名以及证件类型和证件号码；高级认证还需上传证件正面和背面的照片。您必须同时绑定邮箱和手机号，认证才能获得批准。\n\n各项限额取决于您的认证级别。完成初级认证后，每 24 小时最多可提现等值 200 BTC，法币交易单笔限额为 2,000 USDT。完成高级认证后，每 24 小时最多可提现等值 500 BTC，法币交易单笔最高可达 1,000,000 USDT。\n\n我们会对账户活动进行反洗钱监控，并保存账户和交易记录。如发现可疑活动，相关账户可能会被限制。\n\n您必须达到法定年龄才能使用 Kestrel，并须遵守您所在地的法律法规。\n\n风险提示：交易杠杆产品和期权风险很高，您可能会损失全部本金。请仅使用您能够承受损失的资金进行交易。',
      },
      hk: {
        title: '營運合規',
        body: 'Kestrel 對用戶進行兩級身份認證（KYC）。初級認證需提供您的姓名以及證件類型和證件號碼；高級認證另需上傳證件正面及背面的相片。您必須同時綁定電郵及手機號碼，認證方可獲批。\n\n各項限額取決於您的認證級別。完成初級認證後，每 24 小時最多可提現等值 200 BTC，法幣交易單筆限額為 2,000 USDT。完成高級認證後，每 24 小時最多可提現等值 500 BTC，法幣交易單筆最高可達 1,000,000 USDT。\n\n我們會對帳戶活動進行反洗錢監察，並保存帳戶及交易紀錄。如發現可疑活動，相關帳戶可能會被限制。\n\n您必須達到法定年齡方可使用 Kestrel，並須遵守您所在地的法律。\n\n風險提示：買賣槓桿產品及期權的風險極高，您可能會損失全部本金。請僅以您能承受損失的資金進行交易。',
      },
      th: {
        title: 'การปฏิบัติตามกฎระเบียบ',
        body: 'Kestrel ยืนยันตัวตนผู้ใช้ (KYC) เป็น 2 ระดับ ระดับพื้นฐานต้องระบุชื่อ ประเภทเอกสารแสดงตัวตน และหมายเลขเอกสาร ส่วนระดับขั้นสูงต้องส่งรูปถ่ายด้านหน้าและด้านหลังของเอกสารเพิ่มเติม คุณต้องผูกทั้งอีเมลและหมายเลขโทรศัพท์ก่อน การยืนยันตัวตนจึงจะได้รับการอนุมัติ\n\nวงเงินขึ้นอยู่กับระดับการยืนยันตัวตนของคุณ ระดับพื้นฐานถอนได้สูงสุดเทียบเท่า 200 BTC ต่อ 24 ชั่วโมง และซื้อขายเงินเฟียตได้สูงสุด 2,000 USDT ต่อรายการ ระดับขั้นสูงถอนได้สูงสุดเทียบเท่า 500 BTC ต่อ 24 ชั่วโมง และซื้อขายเงินเฟียตได้สูงสุด 1,000,000 USDT ต่อรายการ\n\nเราตรวจสอบกิจกรรมในบัญชีเพื่อป้องกันการฟอกเงิน และเก็บรักษาบันทึกของบัญชีและธุรกรรม บัญชีอาจถูกจำกัดการใช้งานหากตรวจพบกิจกรรมที่น่าสงสัย\n\nคุณต้องมีอายุครบตามที่กฎหมายกำหนดจึงจะใช้ Kestrel ได้ และต้องปฏิบัติตามกฎหมายของพื้นที่ที่คุณอาศัยอยู่\n\nคำเตือนความเสี่ยง: การเทรดผลิตภัณฑ์ที่มีเลเวอเรจและออปชันมีความเสี่ยงสูง และคุณอาจสูญเสียเงินลงทุนทั้งหมด โปรดเทรดด้วยเงินที่คุณยอมรับการสูญเสียได้เท่านั้น',
      },
      jp: {
        title: '運営コンプライアンス',
        body: 'Kestrelでは、お客様の本人確認（KYC）を2段階で行っています。基本認証では、氏名と本人確認書類の種類・番号をご提出いただきます。上級認証では、さらに書類の表面と裏面の写真をご提出いただきます。本人確認の承認には、メールアドレスと電話番号の両方の登録が必要です。\n\n各種上限は認証レベルによって異なります。基本認証では、出金は24時間あたり200 BTC相当額まで、法定通貨取引は1回あたり2,000 USDTまでです。上級認証では、出金は24時間あたり500 BTC相当額まで、法定通貨取引は1回あたり100,000 USDTまでとなります。\n\nマネーロンダリング防止のため取引を監視し、アカウントおよび取引の記録を保管しています。不審な活動が検出された場合、アカウントが制限されることがあります。\n\nKestrelをご利用いただくには法定年齢に達している必要があり、お住まいの地域の法令を遵守していただく必要があります。\n\nリスクに関する注意：レバレッジ商品やオプションの取引はリスクが高く、投資した資金をすべて失う可能性があります。失っても差し支えない資金の範囲内でお取引ください。',
      },
      kor: {
        title: '운영 컴플라이언스',
        body: 'Kestrel은 사용자 본인 인증(KYC)을 2단계로 진행합니다. 기본 인증에서는 이름과 신분증 종류 및 번호를 제출합니다. 고급 인증에서는 신분증 앞면과 뒷면 사진을 추가로 제출합니다. 인증이 승인되려면 이메일과 휴대폰 번호가 모두 연동되어 있어야 합니다.\n\n한도는 인증 단계에 따라 다릅니다. 기본 인증 시 출금은 24시간당 200 BTC 상당까지, 법정화폐 거래는 건당 2,000 USDT까지 가능합니다. 고급 인증 시 출금은 24시간당 500 BTC 상당까지, 법정화폐 거래는 건당 최대 1,000,000 USDT까지 가능합니다.\n\n자금세탁 방지를 위해 계정 활동을 모니터링하며, 계정 및 거래 기록을 보관합니다. 의심스러운 활동이 감지되면 계정 이용이 제한될 수 있습니다.\n\nKestrel을 이용하려면 법정 연령 이상이어야 하며, 거주 지역의 법률을 준수해야 합니다.\n\n위험 고지: 레버리지 상품과 옵션 거래는 위험이 높으며, 투자금 전액을 잃을 수 있습니다. 잃어도 감당할 수 있는 자금으로만 거래하세요.',
      },
      fra: {
        title: 'Conformité opérationnelle',
        body: "Kestrel vérifie l'identité de ses utilisateurs (KYC) selon deux niveaux. La vérification de base demande votre nom ainsi que le type et le numéro de votre pièce d'identité. La vérification avancée demande en plus des photos du recto et du verso de ce document. Votre adresse e-mail et votre numéro de téléphone doivent tous deux être associés à votre compte avant qu'une vérification puisse être approuvée.\n\nLes plafonds dépendent de votre niveau de vérification. Au niveau de base, vous pouvez retirer jusqu'à l'équivalent de 200 BTC par 24 heures, et les transactions en monnaie fiat sont limitées à 2 000 USDT par transaction. Au niveau avancé, vous pouvez retirer jusqu'à l'équivalent de 500 BTC par 24 heures, et les transactions en monnaie fiat peuvent atteindre 1 000 000 USDT par transaction.\n\nNous surveillons l'activité afin de lutter contre le blanchiment d'argent et conservons les enregistrements des comptes et des transactions. Un compte peut être restreint en cas d'activité suspecte.\n\nVous devez avoir l'âge légal pour utiliser Kestrel et respecter la législation du lieu où vous résidez.\n\nAvertissement sur les risques : le trading de produits à effet de levier et d'options comporte un risque élevé, et vous pouvez perdre la totalité de votre mise. N'engagez que des fonds que vous pouvez vous permettre de perdre.",
      },
      spa: {
        title: 'Cumplimiento operativo',
        body: 'Kestrel verifica la identidad de sus usuarios (KYC) en dos niveles. La verificación básica solicita tu nombre y el tipo y número de tu documento de identidad. La verificación avanzada solicita además fotos del anverso y el reverso del documento. Tu correo electrónico y tu teléfono deben estar vinculados antes de que se pueda aprobar una verificación.\n\nLos límites dependen de tu nivel de verificación. Con el nivel básico puedes retirar hasta el equivalente a 200 BTC cada 24 horas, y las operaciones fiat están limitadas a 2000 USDT por operación. Con el nivel avanzado puedes retirar hasta el equivalente a 500 BTC cada 24 horas, y las operaciones fiat pueden llegar a 1.000.000 USDT por operación.\n\nSupervisamos la actividad para prevenir el blanqueo de capitales y conservamos registros de las cuentas y las transacciones. Las cuentas pueden restringirse si se detecta actividad sospechosa.\n\nDebes ser mayor de edad para usar Kestrel y cumplir las leyes del lugar donde vives.\n\nAdvertencia de riesgo: operar con productos apalancados y opciones conlleva un riesgo elevado y puedes perder la totalidad de lo invertido. Opera solo con dinero que puedas permitirte perder.',
      },
      vi: {
        title: 'Tuân thủ vận hành',
        body: 'Kestrel xác minh danh tính người dùng (KYC) theo hai cấp. Xác minh cơ bản yêu cầu họ tên, loại giấy tờ tùy thân và số giấy tờ. Xác minh nâng cao yêu cầu thêm ảnh mặt trước và mặt sau của giấy tờ. Bạn phải liên kết cả email và số điện thoại thì yêu cầu xác minh mới có thể được phê duyệt.\n\nHạn mức phụ thuộc vào cấp xác minh của bạn. Ở cấp cơ bản, bạn có thể rút tối đa tương đương 200 BTC mỗi 24 giờ và giao dịch fiat tối đa 2.000 USDT mỗi giao dịch. Ở cấp nâng cao, bạn có thể rút tối đa tương đương 500 BTC mỗi 24 giờ và giao dịch fiat tối đa 1.000.000 USDT mỗi giao dịch.\n\nChúng tôi giám sát hoạt động để phòng chống rửa tiền và lưu giữ hồ sơ tài khoản cũng như giao dịch. Tài khoản có thể bị hạn chế nếu phát hiện hoạt động đáng ngờ.\n\nBạn phải đủ tuổi theo quy định của pháp luật để sử dụng Kestrel và phải tuân thủ pháp luật tại nơi bạn sinh sống.\n\nCảnh báo rủi ro: giao dịch sản phẩm đòn bẩy và quyền chọn có rủi ro cao, bạn có thể mất toàn bộ số vốn đã bỏ ra. Chỉ giao dịch bằng số tiền mà bạn có thể chấp nhận mất.',
      },
    },
  },
];

/** Frequently asked questions, in display order. */
export const SEED_FAQ: SeedFaq[] = [
  {
    key: 'register',
    text: {
      en: {
        question: 'How do I register?',
        answer: 'Register with your email address or phone number. We send you a 6-digit verification code, which is valid for 10 minutes.',
      },
      zh: {
        question: '如何注册？',
        answer: '使用邮箱或手机号即可注册。我们会向您发送 6 位数验证码，有效期为 10 分钟。',
      },
      hk: {
        question: '如何註冊？',
        answer: '使用電郵或手機號碼即可註冊。我們會向您發送 6 位數驗證碼，有效時間為 10 分鐘。',
      },
      th: {
        question: 'สมัครสมาชิกอย่างไร?',
        answer: 'สมัครด้วยอีเมลหรือหมายเลขโทรศัพท์ของคุณ เราจะส่งรหัสยืนยัน 6 หลักให้คุณ ซึ่งใช้ได้ภายใน 10 นาที',
      },
      jp: {
        question: '登録するにはどうすればよいですか？',
        answer: 'メールアドレスまたは電話番号で登録できます。6桁の認証コードをお送りします。コードの有効期限は10分間です。',
      },
      kor: {
        question: '가입은 어떻게 하나요?',
        answer: '이메일 주소 또는 휴대폰 번호로 가입할 수 있습니다. 6자리 인증 코드가 발송되며, 코드는 10분간 유효합니다.',
      },
      fra: {
        question: "Comment m'inscrire ?",
        answer:
          'Inscrivez-vous avec votre adresse e-mail ou votre numéro de téléphone. Nous vous envoyons un code de vérification à 6 chiffres, valable 10 minutes.',
      },
      spa: {
        question: '¿Cómo me registro?',
        answer:
          'Regístrate con tu correo electrónico o tu número de teléfono. Te enviaremos un código de verificación de 6 dígitos, válido durante 10 minutos.',
      },
      vi: {
        question: 'Làm thế nào để đăng ký?',
        answer:
          'Bạn có thể đăng ký bằng email hoặc số điện thoại. Chúng tôi sẽ gửi cho bạn mã xác minh gồm 6 chữ số, có hiệu lực trong 10 phút.',
      },
    },
  },
  {
    key: 'verify',
    text: {
      en: {
        question: 'How does identity verification work?',
        answer:
          'There are two levels: basic (your name and the type and number of your ID document) and advanced (photos of the front and back of the document). Your email and phone must both be bound first, and every submission is reviewed by our staff.',
      },
      zh: {
        question: '身份认证如何进行？',
        answer:
          '身份认证分为两级：初级认证（姓名、证件类型和证件号码）和高级认证（证件正面和背面的照片）。您需要先同时绑定邮箱和手机号，每份申请都会由工作人员审核。',
      },
      hk: {
        question: '身份認證如何進行？',
        answer:
          '身份認證分為兩級：初級認證（姓名、證件類型及證件號碼）及高級認證（證件正面及背面的相片）。您需要先同時綁定電郵及手機號碼，每份申請均會由職員審核。',
      },
      th: {
        question: 'การยืนยันตัวตนทำอย่างไร?',
        answer:
          'การยืนยันตัวตนมี 2 ระดับ ได้แก่ ระดับพื้นฐาน (ชื่อ ประเภทและหมายเลขเอกสารแสดงตัวตน) และระดับขั้นสูง (รูปถ่ายด้านหน้าและด้านหลังของเอกสาร) คุณต้องผูกทั้งอีเมลและหมายเลขโทรศัพท์ก่อน และคำขอทุกรายการจะได้รับการตรวจสอบโดยเจ้าหน้าที่',
      },
      jp: {
        question: '本人確認はどのように行いますか？',
        answer:
          '本人確認には、基本認証（氏名、本人確認書類の種類と番号）と上級認証（書類の表面と裏面の写真）の2段階があります。事前にメールアドレスと電話番号の両方を登録する必要があり、提出された内容はすべてスタッフが審査します。',
      },
      kor: {
        question: '본인 인증은 어떻게 진행되나요?',
        answer:
          '본인 인증은 기본 인증(이름, 신분증 종류 및 번호)과 고급 인증(신분증 앞면과 뒷면 사진)의 2단계로 이루어집니다. 먼저 이메일과 휴대폰 번호를 모두 연동해야 하며, 제출된 모든 정보는 담당 직원이 심사합니다.',
      },
      fra: {
        question: "Comment fonctionne la vérification d'identité ?",
        answer:
          "Elle comporte deux niveaux : de base (votre nom ainsi que le type et le numéro de votre pièce d'identité) et avancé (photos du recto et du verso du document). Votre e-mail et votre téléphone doivent d'abord être tous deux associés, et chaque demande est examinée par notre équipe.",
      },
      spa: {
        question: '¿Cómo funciona la verificación de identidad?',
        answer:
          'Tiene dos niveles: básico (tu nombre y el tipo y número de tu documento de identidad) y avanzado (fotos del anverso y el reverso del documento). Primero debes vincular tu correo electrónico y tu teléfono, y cada solicitud la revisa nuestro personal.',
      },
      vi: {
        question: 'Xác minh danh tính hoạt động như thế nào?',
        answer:
          'Có hai cấp: cơ bản (họ tên, loại và số giấy tờ tùy thân) và nâng cao (ảnh mặt trước và mặt sau của giấy tờ). Bạn cần liên kết cả email và số điện thoại trước, và mọi yêu cầu đều được nhân viên của chúng tôi xét duyệt.',
      },
    },
  },
  {
    key: 'limits',
    text: {
      en: {
        question: 'What are the withdrawal and fiat trading limits?',
        answer:
          'With basic verification you can withdraw up to the equivalent of 200 BTC per 24 hours, and fiat trades are limited to 2,000 USDT per trade. With advanced verification the limits rise to the equivalent of 500 BTC per 24 hours and 1,000,000 USDT per trade.',
      },
      zh: {
        question: '提现和法币交易限额是多少？',
        answer:
          '完成初级认证后，每 24 小时最多可提现等值 200 BTC，法币交易单笔限额为 2,000 USDT。完成高级认证后，限额提升至每 24 小时等值 500 BTC，法币交易单笔最高 1,000,000 USDT。',
      },
      hk: {
        question: '提現及法幣交易限額是多少？',
        answer:
          '完成初級認證後，每 24 小時最多可提現等值 200 BTC，法幣交易單筆限額為 2,000 USDT。完成高級認證後，限額提升至每 24 小時等值 500 BTC，法幣交易單筆最高 1,000,000 USDT。',
      },
      th: {
        question: 'วงเงินการถอนและการซื้อขายเงินเฟียตเป็นเท่าไร?',
        answer:
          'ระดับพื้นฐานถอนได้สูงสุดเทียบเท่า 200 BTC ต่อ 24 ชั่วโมง และซื้อขายเงินเฟียตได้สูงสุด 2,000 USDT ต่อรายการ ระดับขั้นสูงเพิ่มวงเงินเป็นเทียบเท่า 500 BTC ต่อ 24 ชั่วโมง และ 1,000,000 USDT ต่อรายการ',
      },
      jp: {
        question: '出金と法定通貨取引の上限はいくらですか？',
        answer:
          '基本認証では、出金は24時間あたり200 BTC相当額まで、法定通貨取引は1回あたり2,000 USDTまでです。上級認証では、上限が24時間あたり500 BTC相当額、1回あたり100,000 USDTに引き上げられます。',
      },
      kor: {
        question: '출금 및 법정화폐 거래 한도는 얼마인가요?',
        answer:
          '기본 인증 시 출금은 24시간당 200 BTC 상당까지, 법정화폐 거래는 건당 2,000 USDT까지 가능합니다. 고급 인증 시 한도가 24시간당 500 BTC 상당, 건당 1,000,000 USDT로 늘어납니다.',
      },
      fra: {
        question: 'Quels sont les plafonds de retrait et de transaction en monnaie fiat ?',
        answer:
          "Avec la vérification de base, vous pouvez retirer jusqu'à l'équivalent de 200 BTC par 24 heures, et les transactions en monnaie fiat sont limitées à 2 000 USDT par transaction. Avec la vérification avancée, les plafonds passent à l'équivalent de 500 BTC par 24 heures et à 1 000 000 USDT par transaction.",
      },
      spa: {
        question: '¿Cuáles son los límites de retiro y de operaciones fiat?',
        answer:
          'Con la verificación básica puedes retirar hasta el equivalente a 200 BTC cada 24 horas, y las operaciones fiat están limitadas a 2000 USDT por operación. Con la verificación avanzada los límites suben al equivalente a 500 BTC cada 24 horas y a 1.000.000 USDT por operación.',
      },
      vi: {
        question: 'Hạn mức rút tiền và giao dịch fiat là bao nhiêu?',
        answer:
          'Với xác minh cơ bản, bạn có thể rút tối đa tương đương 200 BTC mỗi 24 giờ và giao dịch fiat tối đa 2.000 USDT mỗi giao dịch. Với xác minh nâng cao, hạn mức tăng lên tương đương 500 BTC mỗi 24 giờ và 1.000.000 USDT mỗi giao dịch.',
      },
    },
  },
  {
    key: 'reset-password',
    text: {
      en: {
        question: 'I forgot my password. What should I do?',
        answer:
          'Tap "Forgot password?" on the login page and we will send a verification code to the email or phone of your account. Resetting your password ends every signed-in session, so you will need to log in again on all your devices.',
      },
      zh: {
        question: '忘记密码怎么办？',
        answer:
          '请在登录页面点击“忘记密码？”，我们会向您账户的邮箱或手机发送验证码。重置密码后，所有已登录的会话都会失效，您需要在所有设备上重新登录。',
      },
      hk: {
        question: '忘記密碼怎麼辦？',
        answer:
          '請在登入頁面點選「忘記密碼？」，我們會向您帳戶的電郵或手機發送驗證碼。重設密碼後，所有已登入的裝置均會被登出，您需要在所有裝置上重新登入。',
      },
      th: {
        question: 'ลืมรหัสผ่านต้องทำอย่างไร?',
        answer:
          'แตะ "ลืมรหัสผ่าน?" ที่หน้าเข้าสู่ระบบ แล้วเราจะส่งรหัสยืนยันไปยังอีเมลหรือโทรศัพท์ของบัญชีคุณ การรีเซ็ตรหัสผ่านจะทำให้ทุกเซสชันที่เข้าสู่ระบบอยู่สิ้นสุดลง คุณจึงต้องเข้าสู่ระบบใหม่ในทุกอุปกรณ์',
      },
      jp: {
        question: 'パスワードを忘れた場合はどうすればよいですか？',
        answer:
          'ログイン画面の「パスワードをお忘れですか？」をタップすると、アカウントのメールアドレスまたは電話番号に認証コードが送信されます。パスワードを再設定すると、ログイン中のすべてのセッションが終了するため、すべての端末で再度ログインが必要です。',
      },
      kor: {
        question: '비밀번호를 잊어버렸어요. 어떻게 해야 하나요?',
        answer:
          '로그인 화면에서 ‘비밀번호를 잊으셨나요?’를 누르면 계정의 이메일 또는 휴대폰으로 인증 코드가 발송됩니다. 비밀번호를 재설정하면 로그인된 모든 세션이 종료되므로 모든 기기에서 다시 로그인해야 합니다.',
      },
      fra: {
        question: "J'ai oublié mon mot de passe. Que faire ?",
        answer:
          "Appuyez sur « Mot de passe oublié ? » sur la page de connexion : nous enverrons un code de vérification à l'e-mail ou au téléphone de votre compte. La réinitialisation du mot de passe met fin à toutes les sessions ouvertes ; vous devrez donc vous reconnecter sur tous vos appareils.",
      },
      spa: {
        question: 'Olvidé mi contraseña. ¿Qué hago?',
        answer:
          'Toca «¿Olvidaste tu contraseña?» en la página de inicio de sesión y te enviaremos un código de verificación al correo electrónico o al teléfono de tu cuenta. Al restablecer la contraseña se cierran todas las sesiones iniciadas, así que tendrás que volver a iniciar sesión en todos tus dispositivos.',
      },
      vi: {
        question: 'Tôi quên mật khẩu, phải làm sao?',
        answer:
          'Nhấn "Quên mật khẩu?" trên trang đăng nhập, chúng tôi sẽ gửi mã xác minh đến email hoặc số điện thoại của tài khoản. Việc đặt lại mật khẩu sẽ kết thúc mọi phiên đăng nhập, vì vậy bạn cần đăng nhập lại trên tất cả thiết bị.',
      },
    },
  },
  {
    key: 'pay-password',
    text: {
      en: {
        question: 'What is the payment password?',
        answer:
          'It is a separate 6-digit password. You are asked for it when you withdraw and when you change your withdrawal addresses or bank cards.',
      },
      zh: {
        question: '什么是支付密码？',
        answer: '支付密码是一个独立的 6 位数字密码。提现以及修改提现地址或银行卡时都需要输入支付密码。',
      },
      hk: {
        question: '甚麼是支付密碼？',
        answer: '支付密碼是一組獨立的 6 位數字密碼。提現以及更改提現地址或銀行卡時均需輸入支付密碼。',
      },
      th: {
        question: 'รหัสผ่านการชำระเงินคืออะไร?',
        answer: 'รหัสผ่านการชำระเงินเป็นรหัสผ่านตัวเลข 6 หลักที่แยกจากรหัสผ่านเข้าสู่ระบบ ระบบจะขอรหัสนี้เมื่อคุณถอน และเมื่อคุณเปลี่ยนที่อยู่สำหรับถอนหรือบัตรธนาคาร',
      },
      jp: {
        question: '取引パスワードとは何ですか？',
        answer: 'ログインパスワードとは別に設定する6桁の数字のパスワードです。出金時や、出金アドレス・銀行口座の変更時に入力が必要です。',
      },
      kor: {
        question: '결제 비밀번호는 무엇인가요?',
        answer:
          '로그인 비밀번호와 별도로 설정하는 6자리 숫자 비밀번호입니다. 출금할 때와 출금 주소 또는 은행 계좌를 변경할 때 입력해야 합니다.',
      },
      fra: {
        question: "Qu'est-ce que le mot de passe de paiement ?",
        answer:
          "C'est un mot de passe distinct à 6 chiffres. Il vous est demandé lors d'un retrait et lorsque vous modifiez vos adresses de retrait ou vos cartes bancaires.",
      },
      spa: {
        question: '¿Qué es la contraseña de pago?',
        answer:
          'Es una contraseña independiente de 6 dígitos. Se te pide al retirar fondos y al cambiar tus direcciones de retiro o tarjetas bancarias.',
      },
      vi: {
        question: 'Mật khẩu thanh toán là gì?',
        answer:
          'Đây là mật khẩu riêng gồm 6 chữ số. Bạn cần nhập mật khẩu này khi rút tiền và khi thay đổi địa chỉ rút tiền hoặc thẻ ngân hàng.',
      },
    },
  },
  {
    key: 'sessions',
    text: {
      en: {
        question: 'How can I see which devices are signed in?',
        answer: 'The Security page lists every device signed in to your account. From there you can log out all other devices at once.',
      },
      zh: {
        question: '如何查看哪些设备已登录？',
        answer: '“安全中心”页面会列出所有已登录您账户的设备，您可以在该页面一键退出其他所有设备的登录。',
      },
      hk: {
        question: '如何查看哪些裝置已登入？',
        answer: '「安全中心」頁面會列出所有已登入您帳戶的裝置，您可在該頁面一鍵登出所有其他裝置。',
      },
      th: {
        question: 'ดูได้อย่างไรว่ามีอุปกรณ์ใดเข้าสู่ระบบอยู่บ้าง?',
        answer: 'หน้าความปลอดภัยจะแสดงอุปกรณ์ทั้งหมดที่เข้าสู่ระบบบัญชีของคุณอยู่ และคุณสามารถออกจากระบบในอุปกรณ์อื่นทั้งหมดได้พร้อมกันจากหน้านั้น',
      },
      jp: {
        question: 'ログイン中の端末はどこで確認できますか？',
        answer:
          '「セキュリティ」ページに、アカウントにログインしているすべての端末が表示されます。そこから他のすべての端末を一括でログアウトできます。',
      },
      kor: {
        question: '로그인된 기기는 어디에서 확인하나요?',
        answer:
          '‘보안’ 페이지에서 계정에 로그인된 모든 기기를 확인할 수 있습니다. 이 페이지에서 다른 모든 기기를 한 번에 로그아웃할 수도 있습니다.',
      },
      fra: {
        question: 'Comment voir les appareils connectés à mon compte ?',
        answer:
          'La page Sécurité liste tous les appareils connectés à votre compte. Vous pouvez y déconnecter tous les autres appareils en une seule fois.',
      },
      spa: {
        question: '¿Cómo veo qué dispositivos tienen la sesión iniciada?',
        answer:
          'La página Seguridad muestra todos los dispositivos con sesión iniciada en tu cuenta. Desde allí puedes cerrar la sesión en todos los demás dispositivos a la vez.',
      },
      vi: {
        question: 'Làm sao để xem những thiết bị nào đang đăng nhập?',
        answer:
          'Trang Bảo mật liệt kê mọi thiết bị đang đăng nhập vào tài khoản của bạn. Tại đó, bạn có thể đăng xuất tất cả các thiết bị khác cùng lúc.',
      },
    },
  },
  {
    key: 'market-data',
    text: {
      en: {
        question: 'Are the market prices real?',
        answer:
          'No. Market data on this server comes from an embedded simulator, so prices are simulated and are not quotes from any exchange.',
      },
      zh: {
        question: '行情价格是真实的吗？',
        answer: '不是。本服务器的行情数据来自内置的模拟器，价格均为模拟数据，并非任何交易所的报价。',
      },
      hk: {
        question: '行情價格是真實的嗎？',
        answer: '不是。本伺服器的行情數據來自內置的模擬器，價格均為模擬數據，並非任何交易所的報價。',
      },
      th: {
        question: 'ราคาตลาดเป็นราคาจริงหรือไม่?',
        answer: 'ไม่ใช่ ข้อมูลตลาดบนเซิร์ฟเวอร์นี้มาจากตัวจำลองในตัว ราคาจึงเป็นราคาจำลอง และไม่ใช่ราคาเสนอจากตลาดแลกเปลี่ยนใด ๆ',
      },
      jp: {
        question: '表示される価格は実際の相場ですか？',
        answer:
          'いいえ。このサーバーのマーケットデータは組み込みのシミュレーターによるもので、価格はシミュレーションです。いかなる取引所の気配値でもありません。',
      },
      kor: {
        question: '시세는 실제 가격인가요?',
        answer:
          '아닙니다. 이 서버의 시장 데이터는 내장된 시뮬레이터에서 생성되므로, 가격은 시뮬레이션된 가격이며 어떤 거래소의 시세도 아닙니다.',
      },
      fra: {
        question: 'Les cours affichés sont-ils réels ?',
        answer:
          "Non. Les données de marché de ce serveur proviennent d'un simulateur intégré : les prix sont simulés et ne sont les cotations d'aucune plateforme d'échange.",
      },
      spa: {
        question: '¿Los precios del mercado son reales?',
        answer:
          'No. Los datos de mercado de este servidor provienen de un simulador integrado, por lo que los precios son simulados y no son cotizaciones de ningún exchange.',
      },
      vi: {
        question: 'Giá thị trường có phải giá thật không?',
        answer:
          'Không. Dữ liệu thị trường trên máy chủ này đến từ một trình mô phỏng tích hợp, vì vậy giá là giá mô phỏng, không phải báo giá từ bất kỳ sàn giao dịch nào.',
      },
    },
  },
  {
    key: 'fees',
    text: {
      en: {
        question: 'What fees will I pay?',
        answer: 'Any fee is shown before you confirm a trade or a withdrawal, so you always know the cost in advance.',
      },
      zh: {
        question: '需要支付哪些手续费？',
        answer: '在您确认任何交易或提现之前，相关手续费都会显示出来，让您提前了解费用。',
      },
      hk: {
        question: '需要支付哪些手續費？',
        answer: '在您確認任何交易或提現之前，相關手續費均會顯示出來，讓您預先了解費用。',
      },
      th: {
        question: 'ต้องเสียค่าธรรมเนียมอะไรบ้าง?',
        answer: 'ค่าธรรมเนียมทั้งหมดจะแสดงก่อนที่คุณจะยืนยันการเทรดหรือการถอนทุกครั้ง คุณจึงทราบค่าใช้จ่ายล่วงหน้าเสมอ',
      },
      jp: {
        question: '手数料はいくらかかりますか？',
        answer: '手数料は、取引や出金を確定する前に必ず表示されます。そのため、費用を事前に確認できます。',
      },
      kor: {
        question: '수수료는 얼마인가요?',
        answer: '모든 수수료는 거래나 출금을 확정하기 전에 표시되므로, 비용을 미리 확인할 수 있습니다.',
      },
      fra: {
        question: 'Quels frais vais-je payer ?',
        answer:
          "Les éventuels frais sont affichés avant que vous ne confirmiez une transaction ou un retrait : vous connaissez donc toujours le coût à l'avance.",
      },
      spa: {
        question: '¿Qué comisiones pagaré?',
        answer:
          'Cualquier comisión se muestra antes de que confirmes una operación o un retiro, así que siempre conoces el coste de antemano.',
      },
      vi: {
        question: 'Tôi phải trả những khoản phí nào?',
        answer: 'Mọi khoản phí đều được hiển thị trước khi bạn xác nhận giao dịch hoặc lệnh rút tiền, vì vậy bạn luôn biết trước chi phí.',
      },
    },
  },
];

/** The notice shown once as a popup on the home page. */
export const SEED_POPUP: SeedNotice = {
  key: 'welcome-2026',
  text: {
    en: {
      title: 'Welcome to Kestrel',
      summary: 'Your mobile app for crypto, stocks, forex and metals.',
      body: 'Please note that market data on this server is simulated: prices are not quotes from any exchange.\n\nTo unlock withdrawals, bind your email and phone and complete identity verification.',
    },
    zh: {
      title: '欢迎使用 Kestrel',
      summary: '您的加密货币、股票、外汇和贵金属移动交易应用。',
      body: '请注意，本服务器的行情数据为模拟数据，价格并非任何交易所的报价。\n\n绑定邮箱和手机号并完成身份认证后，即可解锁提现功能。',
    },
    hk: {
      title: '歡迎使用 Kestrel',
      summary: '您的加密貨幣、股票、外匯及貴金屬流動交易應用程式。',
      body: '請注意，本伺服器的行情數據為模擬數據，價格並非任何交易所的報價。\n\n綁定電郵及手機號碼並完成身份認證後，即可解鎖提現功能。',
    },
    th: {
      title: 'ยินดีต้อนรับสู่ Kestrel',
      summary: 'แอปมือถือสำหรับเทรดคริปโต หุ้น ฟอเร็กซ์ และโลหะมีค่าของคุณ',
      body: 'โปรดทราบว่าข้อมูลตลาดบนเซิร์ฟเวอร์นี้เป็นข้อมูลจำลอง ราคาที่แสดงไม่ใช่ราคาเสนอจากตลาดแลกเปลี่ยนใด ๆ\n\nผูกอีเมลและหมายเลขโทรศัพท์ และยืนยันตัวตนให้เสร็จสมบูรณ์ เพื่อปลดล็อกการถอน',
    },
    jp: {
      title: 'Kestrelへようこそ',
      summary: '暗号資産・株式・FX・貴金属を取引できるモバイルアプリです。',
      body: 'このサーバーのマーケットデータはシミュレーションです。表示される価格は、いかなる取引所の気配値でもありません。\n\n出金をご利用いただくには、メールアドレスと電話番号を登録し、本人確認を完了してください。',
    },
    kor: {
      title: 'Kestrel에 오신 것을 환영합니다',
      summary: '암호화폐, 주식, 외환, 귀금속을 거래하는 모바일 앱입니다.',
      body: '이 서버의 시장 데이터는 시뮬레이션된 데이터이며, 표시되는 가격은 어떤 거래소의 시세도 아닙니다.\n\n출금을 이용하려면 이메일과 휴대폰 번호를 연동하고 본인 인증을 완료해 주세요.',
    },
    fra: {
      title: 'Bienvenue sur Kestrel',
      summary: 'Votre application mobile pour les cryptomonnaies, les actions, le forex et les métaux.',
      body: "Veuillez noter que les données de marché de ce serveur sont simulées : les prix ne sont les cotations d'aucune plateforme d'échange.\n\nPour débloquer les retraits, associez votre e-mail et votre téléphone, puis effectuez la vérification d'identité.",
    },
    spa: {
      title: 'Bienvenido a Kestrel',
      summary: 'Tu aplicación móvil para criptomonedas, acciones, forex y metales.',
      body: 'Ten en cuenta que los datos de mercado de este servidor son simulados: los precios no son cotizaciones de ningún exchange.\n\nPara desbloquear los retiros, vincula tu correo electrónico y tu teléfono y completa la verificación de identidad.',
    },
    vi: {
      title: 'Chào mừng bạn đến với Kestrel',
      summary: 'Ứng dụng di động để giao dịch tiền điện tử, cổ phiếu, ngoại hối và kim loại quý.',
      body: 'Xin lưu ý rằng dữ liệu thị trường trên máy chủ này là dữ liệu mô phỏng: giá không phải báo giá từ bất kỳ sàn giao dịch nào.\n\nĐể mở khóa tính năng rút tiền, hãy liên kết email và số điện thoại, sau đó hoàn tất xác minh danh tính.',
    },
  },
};
