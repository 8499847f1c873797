import type { Lang } from '../../domain/i18n';

export interface ArticleText {
  title: string;
  summary: string;
  /** Paragraphs separated by blank lines. */
  body: string;
}

export interface SeedArticle {
  /** Stable key, so a re-seed never duplicates. */
  key: string;
  c_id: 4 | 5;
  image: string | null;
  link: string | null;
  /** Age at seeding, for ordering. */
  daysAgo: number;
  text: Partial<Record<Lang, ArticleText>> & { en: ArticleText };
}

/** Banners (c_id 5) and news (c_id 4) seeded on first start. English is required; other languages fall back to it. */
export const SEED_ARTICLES: SeedArticle[] = [
  {
    key: 'banner-markets',
    c_id: 5,
    image: '/banners/markets.svg',
    link: '/pages/market/market',
    daysAgo: 0,
    text: {
      en: {
        title: '39 markets, one app',
        summary: 'Crypto, stocks, forex and metals with live prices and depth.',
        body: 'Follow 23 crypto pairs, 10 stocks, 4 forex pairs and 2 metals in one place.\n\nEvery quote, trade and candle comes from the same market feed, so the chart, the book and your positions always agree.',
      },
      zh: {
        title: '39 个市场，一个 App',
        summary: '加密货币、股票、外汇和贵金属，实时行情与深度一应俱全。',
        body: '在一个地方关注 23 个加密货币交易对、10 支股票、4 个外汇交易对和 2 种贵金属。\n\n所有报价、成交和 K 线都来自同一个行情源，因此图表、订单簿和您的持仓始终保持一致。',
      },
      hk: {
        title: '39 個市場，一個 App',
        summary: '加密貨幣、股票、外匯及貴金屬，即時報價與深度一應俱全。',
        body: '在同一處關注 23 個加密貨幣交易對、10 支股票、4 個外匯交易對及 2 種貴金屬。\n\n所有報價、成交及 K 線均來自同一個行情來源，因此圖表、訂單簿與您的持倉始終一致。',
      },
      th: {
        title: '39 ตลาด ในแอปเดียว',
        summary: 'คริปโต หุ้น ฟอเร็กซ์ และโลหะมีค่า พร้อมราคาแบบเรียลไทม์และความลึกของตลาด',
        body: 'ติดตามคู่เทรดคริปโต 23 คู่ หุ้น 10 ตัว คู่เงินฟอเร็กซ์ 4 คู่ และโลหะมีค่า 2 รายการ ได้ในที่เดียว\n\nราคาเสนอ รายการซื้อขาย และแท่งเทียนทุกรายการมาจากฟีดข้อมูลตลาดเดียวกัน กราฟ สมุดคำสั่งซื้อขาย และโพซิชันของคุณจึงตรงกันเสมอ',
      },
      jp: {
        title: '39の市場を、ひとつのアプリで',
        summary: '暗号資産、株式、FX、貴金属を、リアルタイム価格と板情報とともに。',
        body: '暗号資産23ペア、株式10銘柄、FX4ペア、貴金属2銘柄をひとつの場所でチェックできます。\n\nすべての気配値、約定、ローソク足は同じマーケットフィードから届くため、チャート、板、ポジションが常に一致します。',
      },
      kor: {
        title: '39개 시장을 하나의 앱으로',
        summary: '암호화폐, 주식, 외환, 귀금속의 실시간 시세와 호가를 한곳에서 확인하세요.',
        body: '암호화폐 23개 페어, 주식 10종목, 외환 4개 페어, 귀금속 2종을 한곳에서 확인하세요.\n\n모든 시세, 체결, 캔들은 같은 시장 데이터 피드에서 나오므로 차트, 호가창, 보유 포지션이 항상 일치합니다.',
      },
      fra: {
        title: '39 marchés, une seule application',
        summary: 'Cryptos, actions, forex et métaux, avec cours en temps réel et profondeur de marché.',
        body: "Suivez 23 paires crypto, 10 actions, 4 paires de devises et 2 métaux au même endroit.\n\nChaque cotation, transaction et bougie provient du même flux de marché : le graphique, le carnet d'ordres et vos positions concordent donc toujours.",
      },
      spa: {
        title: '39 mercados, una sola app',
        summary: 'Cripto, acciones, forex y metales con precios en tiempo real y profundidad de mercado.',
        body: 'Sigue 23 pares de criptomonedas, 10 acciones, 4 pares de divisas y 2 metales en un solo lugar.\n\nCada cotización, operación y vela procede del mismo flujo de datos de mercado, de modo que el gráfico, el libro de órdenes y tus posiciones siempre coinciden.',
      },
      vi: {
        title: '39 thị trường, một ứng dụng',
        summary: 'Tiền mã hóa, cổ phiếu, ngoại hối và kim loại với giá theo thời gian thực và độ sâu thị trường.',
        body: 'Theo dõi 23 cặp tiền mã hóa, 10 cổ phiếu, 4 cặp ngoại hối và 2 kim loại tại cùng một nơi.\n\nMọi báo giá, giao dịch và nến đều đến từ cùng một nguồn dữ liệu thị trường, nên biểu đồ, sổ lệnh và các vị thế của bạn luôn khớp nhau.',
      },
    },
  },
  {
    key: 'banner-security',
    c_id: 5,
    image: '/banners/security.svg',
    link: '/pages/setting/security',
    daysAgo: 1,
    text: {
      en: {
        title: 'Your account, locked down',
        summary: 'Strong password hashing, revocable sessions and verified contact details.',
        body: 'Passwords are stored only as salted scrypt hashes. Sessions can be ended at any time, and changing your password signs out every other device.\n\nBind your email and phone so that only you can recover the account.',
      },
      zh: {
        title: '您的账户，牢牢锁定',
        summary: '高强度密码哈希、可随时撤销的会话，以及经过验证的联系方式。',
        body: '密码仅以加盐的 scrypt 哈希形式存储。会话可随时结束，修改密码后其他所有设备都会退出登录。\n\n绑定您的邮箱和手机号，确保只有您本人能够找回账户。',
      },
      hk: {
        title: '您的帳戶，牢牢鎖定',
        summary: '高強度密碼雜湊、可隨時撤銷的工作階段，以及已驗證的聯絡資料。',
        body: '密碼僅以加鹽的 scrypt 雜湊形式儲存。工作階段可隨時結束，而更改密碼後，所有其他裝置都會登出。\n\n綁定您的電子郵件及手機號碼，確保只有您本人能夠找回帳戶。',
      },
      th: {
        title: 'บัญชีของคุณ ปลอดภัยแน่นหนา',
        summary: 'การแฮชรหัสผ่านที่รัดกุม เซสชันที่เพิกถอนได้ และข้อมูลติดต่อที่ผ่านการยืนยัน',
        body: 'รหัสผ่านจะถูกจัดเก็บในรูปแบบแฮช scrypt ที่เติม salt เท่านั้น คุณสามารถยุติเซสชันได้ทุกเมื่อ และการเปลี่ยนรหัสผ่านจะทำให้อุปกรณ์อื่นทั้งหมดออกจากระบบ\n\nผูกอีเมลและหมายเลขโทรศัพท์ของคุณ เพื่อให้มีเพียงคุณเท่านั้นที่กู้คืนบัญชีได้',
      },
      jp: {
        title: 'アカウントを、しっかり守る',
        summary: '強固なパスワードハッシュ、無効化できるセッション、認証済みの連絡先。',
        body: 'パスワードはソルト付きのscryptハッシュとしてのみ保存されます。セッションはいつでも終了でき、パスワードを変更すると他のすべての端末からログアウトされます。\n\nメールアドレスと電話番号を紐付けて、アカウントを復旧できるのがご本人だけになるようにしましょう。',
      },
      kor: {
        title: '내 계정을 철저하게 보호합니다',
        summary: '강력한 비밀번호 해싱, 언제든 종료할 수 있는 세션, 인증된 연락처.',
        body: '비밀번호는 솔트를 적용한 scrypt 해시 형태로만 저장됩니다. 세션은 언제든지 종료할 수 있으며, 비밀번호를 변경하면 다른 모든 기기에서 로그아웃됩니다.\n\n이메일과 휴대폰 번호를 연동해 본인만 계정을 복구할 수 있도록 하세요.',
      },
      fra: {
        title: 'Votre compte, sous bonne garde',
        summary: 'Hachage robuste des mots de passe, sessions révocables et coordonnées vérifiées.',
        body: "Les mots de passe sont stockés uniquement sous forme de hachages scrypt salés. Vous pouvez mettre fin à une session à tout moment, et changer de mot de passe déconnecte tous vos autres appareils.\n\nAssociez votre e-mail et votre téléphone pour que personne d'autre que vous ne puisse récupérer le compte.",
      },
      spa: {
        title: 'Tu cuenta, bien protegida',
        summary: 'Hash de contraseñas robusto, sesiones revocables y datos de contacto verificados.',
        body: 'Las contraseñas solo se almacenan como hashes scrypt con sal. Puedes cerrar las sesiones en cualquier momento, y al cambiar tu contraseña se cierra la sesión en todos los demás dispositivos.\n\nVincula tu correo electrónico y tu teléfono para que solo tú puedas recuperar la cuenta.',
      },
      vi: {
        title: 'Tài khoản của bạn, được bảo vệ chặt chẽ',
        summary: 'Băm mật khẩu mạnh, phiên đăng nhập có thể thu hồi và thông tin liên hệ đã xác minh.',
        body: 'Mật khẩu chỉ được lưu dưới dạng hàm băm scrypt có thêm salt. Bạn có thể kết thúc phiên đăng nhập bất cứ lúc nào, và việc đổi mật khẩu sẽ đăng xuất mọi thiết bị khác.\n\nHãy liên kết email và số điện thoại để chỉ bạn mới có thể khôi phục tài khoản.',
      },
    },
  },
  {
    key: 'banner-honest',
    c_id: 5,
    image: '/banners/honest.svg',
    link: null,
    daysAgo: 2,
    text: {
      en: {
        title: 'Results from recorded prices',
        summary: 'Every settlement is computed from the market price on record.',
        body: 'Nothing on this platform is decided by hand. Option results, liquidations and product settlements are computed from the recorded market price at the moment they happen, and every balance change is written to a journal you can read in your bills.',
      },
      zh: {
        title: '结果以记录价格为准',
        summary: '每一笔结算都按照已记录的市场价格计算。',
        body: '本平台上的任何结果都不由人工决定。期权结果、强制平仓和产品结算均按发生时刻记录的市场价格计算，每一笔余额变动都会写入流水记录，您可以在账单中查看。',
      },
      hk: {
        title: '結果以記錄價格為準',
        summary: '每一筆結算都按照已記錄的市場價格計算。',
        body: '本平台上的任何結果都不由人工決定。期權結果、強制平倉及產品結算，均按發生當下所記錄的市場價格計算，而每一筆餘額變動都會寫入流水紀錄，您可在帳單中查閱。',
      },
      th: {
        title: 'ผลลัพธ์อิงจากราคาที่บันทึกไว้',
        summary: 'การชำระบัญชีทุกรายการคำนวณจากราคาตลาดที่บันทึกไว้',
        body: 'ไม่มีสิ่งใดบนแพลตฟอร์มนี้ที่ถูกตัดสินด้วยมือคน ผลลัพธ์ของออปชัน การบังคับปิดสถานะ และการชำระบัญชีผลิตภัณฑ์ ล้วนคำนวณจากราคาตลาดที่บันทึกไว้ ณ ขณะที่เกิดขึ้น และทุกการเปลี่ยนแปลงของยอดคงเหลือจะถูกบันทึกลงในสมุดรายวันที่คุณตรวจดูได้ในรายการบัญชีของคุณ',
      },
      jp: {
        title: '記録された価格にもとづく結果',
        summary: 'すべての決済は、記録された市場価格から算出されます。',
        body: 'このプラットフォームでは、人の手で決められるものは何もありません。オプションの結果、強制決済、商品の精算は、発生した時点で記録された市場価格から算出されます。また、残高の変動はすべて記録簿に書き込まれ、明細から確認できます。',
      },
      kor: {
        title: '기록된 가격에 따른 결과',
        summary: '모든 정산은 기록된 시장 가격을 기준으로 계산됩니다.',
        body: '이 플랫폼에서는 어떤 것도 사람이 임의로 결정하지 않습니다. 옵션 결과, 강제 청산, 상품 정산은 모두 발생 시점에 기록된 시장 가격을 기준으로 계산되며, 모든 잔액 변동은 원장에 기록되어 내역에서 확인할 수 있습니다.',
      },
      fra: {
        title: 'Des résultats fondés sur les prix enregistrés',
        summary: 'Chaque règlement est calculé à partir du prix de marché enregistré.',
        body: "Rien sur cette plateforme n'est décidé manuellement. Les résultats des options, les liquidations et les règlements des produits sont calculés à partir du prix de marché enregistré au moment où ils ont lieu, et chaque variation de solde est inscrite dans un journal que vous pouvez consulter dans vos relevés.",
      },
      spa: {
        title: 'Resultados basados en precios registrados',
        summary: 'Cada liquidación se calcula a partir del precio de mercado registrado.',
        body: 'Nada en esta plataforma se decide de forma manual. Los resultados de las opciones, las liquidaciones forzosas y las liquidaciones de productos se calculan a partir del precio de mercado registrado en el momento en que se producen, y cada cambio de saldo se anota en un registro que puedes consultar en tus movimientos.',
      },
      vi: {
        title: 'Kết quả dựa trên giá đã ghi nhận',
        summary: 'Mọi lần tất toán đều được tính từ giá thị trường đã ghi nhận.',
        body: 'Không có điều gì trên nền tảng này được quyết định thủ công. Kết quả quyền chọn, thanh lý và tất toán sản phẩm đều được tính từ giá thị trường được ghi nhận tại thời điểm xảy ra, và mọi thay đổi số dư đều được ghi vào nhật ký mà bạn có thể xem trong mục sao kê.',
      },
    },
  },
  {
    key: 'news-welcome',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 0,
    text: {
      en: {
        title: 'Welcome to Kestrel',
        summary: 'A quick tour of the app: markets, trading, finance and your assets.',
        body: 'The five tabs at the bottom take you to the home page, the market list, trading, finance products and your assets.\n\nStart with the market tab to watch live prices, or open a pair to see its chart and order book. Features that are still being built say so plainly instead of showing made-up data.',
      },
      zh: {
        title: '欢迎使用 Kestrel',
        summary: '快速了解本 App：行情、交易、理财和您的资产。',
        body: '底部的五个标签页分别带您前往首页、行情列表、交易、理财产品和您的资产。\n\n您可以先从行情标签页查看实时价格，或打开某个交易对查看其图表和订单簿。仍在开发中的功能会明确说明，而不会展示编造的数据。',
      },
      hk: {
        title: '歡迎使用 Kestrel',
        summary: '快速認識本 App：行情、交易、理財及您的資產。',
        body: '底部的五個分頁分別帶您前往首頁、行情列表、交易、理財產品及您的資產。\n\n您可以先從行情分頁查看即時價格，或開啟任一交易對查看其圖表及訂單簿。仍在開發中的功能會清楚註明，而不會顯示虛構的數據。',
      },
      th: {
        title: 'ยินดีต้อนรับสู่ Kestrel',
        summary: 'ทัวร์แอปแบบย่อ: ตลาด การเทรด การเงิน และสินทรัพย์ของคุณ',
        body: 'แท็บทั้งห้าที่ด้านล่างจะพาคุณไปยังหน้าแรก รายการตลาด การเทรด ผลิตภัณฑ์ทางการเงิน และสินทรัพย์ของคุณ\n\nเริ่มต้นที่แท็บตลาดเพื่อดูราคาแบบเรียลไทม์ หรือเปิดคู่เทรดเพื่อดูกราฟและสมุดคำสั่งซื้อขาย ฟีเจอร์ที่ยังอยู่ระหว่างการพัฒนาจะแจ้งไว้อย่างชัดเจน แทนที่จะแสดงข้อมูลที่แต่งขึ้น',
      },
      jp: {
        title: 'Kestrelへようこそ',
        summary: 'アプリの簡単なご案内：マーケット、取引、資産運用、そしてあなたの資産。',
        body: '画面下部の5つのタブから、ホーム、マーケット一覧、取引、資産運用商品、資産の各画面に移動できます。\n\nまずはマーケットタブでリアルタイムの価格をチェックするか、取引ペアを開いてチャートと板を確認してみましょう。まだ開発中の機能は、架空のデータを表示せず、開発中であることをはっきりと示しています。',
      },
      kor: {
        title: 'Kestrel에 오신 것을 환영합니다',
        summary: '마켓, 거래, 금융, 내 자산까지 앱을 빠르게 둘러보세요.',
        body: '하단의 5개 탭을 통해 홈, 마켓 목록, 거래, 금융 상품, 내 자산으로 이동할 수 있습니다.\n\n먼저 마켓 탭에서 실시간 가격을 확인하거나, 페어를 열어 차트와 호가창을 살펴보세요. 아직 개발 중인 기능은 꾸며낸 데이터를 보여 주는 대신 개발 중임을 분명히 알려 드립니다.',
      },
      fra: {
        title: 'Bienvenue sur Kestrel',
        summary: "Petit tour de l'application : marchés, trading, finance et vos actifs.",
        body: "Les cinq onglets en bas de l'écran vous mènent à l'accueil, à la liste des marchés, au trading, aux produits financiers et à vos actifs.\n\nCommencez par l'onglet Marchés pour suivre les cours en temps réel, ou ouvrez une paire pour voir son graphique et son carnet d'ordres. Les fonctionnalités encore en développement l'indiquent clairement au lieu d'afficher des données inventées.",
      },
      spa: {
        title: 'Te damos la bienvenida a Kestrel',
        summary: 'Un recorrido rápido por la app: mercados, trading, finanzas y tus activos.',
        body: 'Las cinco pestañas de la parte inferior te llevan a la página de inicio, la lista de mercados, el trading, los productos financieros y tus activos.\n\nEmpieza por la pestaña de mercados para ver los precios en tiempo real, o abre un par para ver su gráfico y su libro de órdenes. Las funciones que aún están en desarrollo lo indican claramente en lugar de mostrar datos inventados.',
      },
      vi: {
        title: 'Chào mừng bạn đến với Kestrel',
        summary: 'Giới thiệu nhanh về ứng dụng: thị trường, giao dịch, tài chính và tài sản của bạn.',
        body: 'Năm thẻ ở phía dưới đưa bạn đến trang chủ, danh sách thị trường, giao dịch, sản phẩm tài chính và tài sản của bạn.\n\nHãy bắt đầu với thẻ thị trường để theo dõi giá theo thời gian thực, hoặc mở một cặp giao dịch để xem biểu đồ và sổ lệnh. Những tính năng vẫn đang được phát triển sẽ ghi rõ điều đó thay vì hiển thị dữ liệu bịa đặt.',
      },
    },
  },
  {
    key: 'news-simulated',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 1,
    text: {
      en: {
        title: 'About the market data on this server',
        summary: 'This installation runs an embedded market simulator.',
        body: 'Prices on this server come from a built-in simulator: a seeded random walk for each pair with its own volatility, producing trades, a 20-level order book and candles for every period.\n\nIt behaves like a real feed and can be replaced by one without changing the app. Do not read these prices as quotes from any exchange.',
      },
      zh: {
        title: '关于本服务器的行情数据',
        summary: '本部署运行的是内置的行情模拟器。',
        body: '本服务器上的价格来自内置模拟器：每个交易对按各自的波动率进行基于种子的随机游走，生成成交记录、20 档订单簿以及各个周期的 K 线。\n\n它的表现类似真实行情源，并且可以在不修改 App 的情况下替换为真实行情源。请勿将这些价格视为任何交易所的报价。',
      },
      hk: {
        title: '關於本伺服器的行情數據',
        summary: '此部署使用內建的行情模擬器。',
        body: '本伺服器上的價格來自內建模擬器：每個交易對依各自的波動率進行基於種子的隨機漫步，產生成交紀錄、20 檔訂單簿以及各個週期的 K 線。\n\n它的表現類似真實的行情來源，並可在不修改 App 的情況下替換為真實行情來源。請勿將這些價格視為任何交易所的報價。',
      },
      th: {
        title: 'เกี่ยวกับข้อมูลตลาดบนเซิร์ฟเวอร์นี้',
        summary: 'ระบบที่ติดตั้งนี้ใช้ตัวจำลองตลาดที่ฝังอยู่ภายใน',
        body: 'ราคาบนเซิร์ฟเวอร์นี้มาจากตัวจำลองในตัว ซึ่งใช้การเดินสุ่ม (random walk) แบบกำหนด seed สำหรับแต่ละคู่เทรดที่มีความผันผวนเป็นของตัวเอง เพื่อสร้างรายการซื้อขาย สมุดคำสั่งซื้อขาย 20 ระดับ และแท่งเทียนสำหรับทุกกรอบเวลา\n\nตัวจำลองนี้ทำงานเหมือนฟีดข้อมูลจริง และสามารถแทนที่ด้วยฟีดจริงได้โดยไม่ต้องแก้ไขแอป โปรดอย่าถือว่าราคาเหล่านี้เป็นราคาเสนอจากตลาดแลกเปลี่ยนใด ๆ',
      },
      jp: {
        title: 'このサーバーのマーケットデータについて',
        summary: 'この環境では、組み込みのマーケットシミュレーターが動作しています。',
        body: 'このサーバーの価格は内蔵シミュレーターによるものです。ペアごとに固有のボラティリティを持つシード付きランダムウォークにより、約定、20段階の板、すべての期間のローソク足を生成しています。\n\n実際のマーケットフィードと同じように動作し、アプリを変更することなく実際のフィードに置き換えることができます。これらの価格を、いずれかの取引所の相場として扱わないでください。',
      },
      kor: {
        title: '이 서버의 시장 데이터 안내',
        summary: '이 설치 환경은 내장된 시장 시뮬레이터로 운영됩니다.',
        body: '이 서버의 가격은 내장 시뮬레이터에서 생성됩니다. 페어마다 고유한 변동성을 가진 시드 기반 랜덤 워크로 체결 내역, 20단계 호가창, 모든 기간의 캔들을 만들어 냅니다.\n\n실제 데이터 피드처럼 동작하며, 앱을 변경하지 않고도 실제 피드로 교체할 수 있습니다. 이 가격을 어느 거래소의 시세로도 간주하지 마세요.',
      },
      fra: {
        title: 'À propos des données de marché de ce serveur',
        summary: 'Cette installation utilise un simulateur de marché intégré.',
        body: "Les prix de ce serveur proviennent d'un simulateur intégré : pour chaque paire, une marche aléatoire initialisée par une graine, avec sa propre volatilité, qui produit des transactions, un carnet d'ordres à 20 niveaux et des bougies pour chaque période.\n\nIl se comporte comme un flux réel et peut être remplacé par un flux réel sans modifier l'application. Ne considérez pas ces prix comme des cotations provenant d'une plateforme d'échange, quelle qu'elle soit.",
      },
      spa: {
        title: 'Sobre los datos de mercado de este servidor',
        summary: 'Esta instalación ejecuta un simulador de mercado integrado.',
        body: 'Los precios de este servidor provienen de un simulador integrado: un paseo aleatorio con semilla para cada par, con su propia volatilidad, que genera operaciones, un libro de órdenes de 20 niveles y velas para cada periodo.\n\nSe comporta como un flujo de datos real y puede sustituirse por uno sin cambiar la app. No interpretes estos precios como cotizaciones de ningún exchange.',
      },
      vi: {
        title: 'Về dữ liệu thị trường trên máy chủ này',
        summary: 'Bản cài đặt này chạy một trình mô phỏng thị trường tích hợp sẵn.',
        body: 'Giá trên máy chủ này đến từ một trình mô phỏng tích hợp sẵn: một bước ngẫu nhiên có seed cho từng cặp với mức biến động riêng, tạo ra các giao dịch, sổ lệnh 20 mức và nến cho mọi khung thời gian.\n\nNó hoạt động như một nguồn dữ liệu thật và có thể được thay thế bằng nguồn thật mà không cần thay đổi ứng dụng. Đừng xem các mức giá này là báo giá từ bất kỳ sàn giao dịch nào.',
      },
    },
  },
  {
    key: 'news-listing',
    c_id: 4,
    image: null,
    link: '/pages/market/market',
    daysAgo: 3,
    text: {
      en: {
        title: 'New listings: TON, APT and NEAR',
        summary: 'Three new pairs quoted in USDT are now live.',
        body: 'TON/USDT, APT/USDT and NEAR/USDT now have live quotes, depth and full chart history.\n\nFind them in the crypto tab of the market page or with search.',
      },
      zh: {
        title: '新币上线：TON、APT 和 NEAR',
        summary: '三个以 USDT 计价的新交易对现已上线。',
        body: 'TON/USDT、APT/USDT 和 NEAR/USDT 现已提供实时报价、深度和完整的历史图表。\n\n您可以在行情页面的加密货币标签中找到它们，也可以直接搜索。',
      },
      hk: {
        title: '新幣上線：TON、APT 及 NEAR',
        summary: '三個以 USDT 計價的新交易對現已上線。',
        body: 'TON/USDT、APT/USDT 及 NEAR/USDT 現已提供即時報價、深度及完整的歷史圖表。\n\n您可以在行情頁面的加密貨幣分頁中找到它們，或直接搜尋。',
      },
      th: {
        title: 'เหรียญใหม่เข้าลิสต์: TON, APT และ NEAR',
        summary: 'คู่เทรดใหม่สามคู่ที่อ้างอิงราคาเป็น USDT เปิดให้เทรดแล้ว',
        body: 'ขณะนี้ TON/USDT, APT/USDT และ NEAR/USDT มีราคาแบบเรียลไทม์ ความลึกของตลาด และประวัติกราฟครบถ้วนแล้ว\n\nค้นหาได้ในแท็บคริปโตของหน้าตลาด หรือใช้การค้นหา',
      },
      jp: {
        title: '新規上場：TON、APT、NEAR',
        summary: 'USDT建ての新しい3ペアの提供を開始しました。',
        body: 'TON/USDT、APT/USDT、NEAR/USDTで、リアルタイムの相場、板情報、全期間のチャート履歴をご利用いただけるようになりました。\n\nマーケット画面の暗号資産タブ、または検索からご覧いただけます。',
      },
      kor: {
        title: '신규 상장: TON, APT, NEAR',
        summary: 'USDT 마켓에 신규 페어 3종이 오픈되었습니다.',
        body: '이제 TON/USDT, APT/USDT, NEAR/USDT의 실시간 시세, 호가, 전체 차트 기록을 확인할 수 있습니다.\n\n마켓 페이지의 암호화폐 탭이나 검색에서 찾아보세요.',
      },
      fra: {
        title: 'Nouveaux listings : TON, APT et NEAR',
        summary: 'Trois nouvelles paires cotées en USDT sont désormais disponibles.',
        body: "TON/USDT, APT/USDT et NEAR/USDT disposent désormais de cotations en temps réel, de la profondeur de marché et d'un historique graphique complet.\n\nRetrouvez-les dans l'onglet Crypto de la page Marchés ou via la recherche.",
      },
      spa: {
        title: 'Nuevos listados: TON, APT y NEAR',
        summary: 'Ya están disponibles tres nuevos pares cotizados en USDT.',
        body: 'TON/USDT, APT/USDT y NEAR/USDT ya cuentan con cotizaciones en tiempo real, profundidad de mercado e historial completo del gráfico.\n\nEncuéntralos en la pestaña de cripto de la página de mercados o con el buscador.',
      },
      vi: {
        title: 'Niêm yết mới: TON, APT và NEAR',
        summary: 'Ba cặp giao dịch mới định giá bằng USDT hiện đã hoạt động.',
        body: 'TON/USDT, APT/USDT và NEAR/USDT hiện đã có báo giá theo thời gian thực, độ sâu thị trường và toàn bộ lịch sử biểu đồ.\n\nBạn có thể tìm thấy chúng trong thẻ tiền mã hóa của trang thị trường hoặc bằng chức năng tìm kiếm.',
      },
    },
  },
  {
    key: 'news-security-tips',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 5,
    text: {
      en: {
        title: 'Five habits that keep your account safe',
        summary: 'Unique password, bound contacts, and never share a code.',
        body: 'Use a password you use nowhere else. Bind both your email and your phone. Never tell anyone a verification code: our staff will never ask for one.\n\nLog out on shared devices, and if something looks wrong, change your password: every other session ends at once.',
      },
      zh: {
        title: '保护账户安全的五个习惯',
        summary: '使用独一无二的密码、绑定联系方式，且绝不分享验证码。',
        body: '使用一个在其他地方都没用过的密码。同时绑定您的邮箱和手机号。切勿将验证码告诉任何人：我们的工作人员绝不会向您索要验证码。\n\n在共用设备上请退出登录；如果发现任何异常，请修改密码：其他所有会话将立即结束。',
      },
      hk: {
        title: '保障帳戶安全的五個習慣',
        summary: '使用獨一無二的密碼、綁定聯絡方式，並且絕不分享驗證碼。',
        body: '使用一組在其他地方從未用過的密碼。同時綁定您的電子郵件及手機號碼。切勿將驗證碼告訴任何人：我們的工作人員絕不會向您索取驗證碼。\n\n在共用裝置上請登出；如發現任何異常，請更改密碼：所有其他工作階段將立即結束。',
      },
      th: {
        title: 'ห้านิสัยที่ช่วยให้บัญชีของคุณปลอดภัย',
        summary: 'ใช้รหัสผ่านที่ไม่ซ้ำ ผูกข้อมูลติดต่อ และอย่าแชร์รหัสใด ๆ เด็ดขาด',
        body: 'ใช้รหัสผ่านที่คุณไม่ได้ใช้ที่อื่น ผูกทั้งอีเมลและหมายเลขโทรศัพท์ของคุณ อย่าบอกรหัสยืนยันแก่ผู้ใดเด็ดขาด เจ้าหน้าที่ของเราจะไม่มีวันขอรหัสนี้จากคุณ\n\nออกจากระบบทุกครั้งบนอุปกรณ์ที่ใช้ร่วมกับผู้อื่น และหากพบสิ่งผิดปกติ ให้เปลี่ยนรหัสผ่าน แล้วเซสชันอื่นทั้งหมดจะสิ้นสุดลงทันที',
      },
      jp: {
        title: 'アカウントを守る5つの習慣',
        summary: '使い回さないパスワード、連絡先の紐付け、そして認証コードは誰にも教えないこと。',
        body: '他では使っていないパスワードを使いましょう。メールアドレスと電話番号の両方を紐付けましょう。認証コードは誰にも教えないでください。当社のスタッフが認証コードを尋ねることは決してありません。\n\n共有端末ではログアウトし、何かおかしいと感じたらパスワードを変更してください。他のすべてのセッションが直ちに終了します。',
      },
      kor: {
        title: '계정을 안전하게 지키는 5가지 습관',
        summary: '고유한 비밀번호, 연락처 연동, 그리고 인증 코드는 절대 공유하지 않기.',
        body: '다른 곳에서 사용하지 않는 비밀번호를 사용하세요. 이메일과 휴대폰 번호를 모두 연동하세요. 인증 코드는 누구에게도 알려 주지 마세요. 당사 직원은 절대로 인증 코드를 요청하지 않습니다.\n\n공용 기기에서는 로그아웃하고, 이상한 점이 보이면 비밀번호를 변경하세요. 다른 모든 세션이 즉시 종료됩니다.',
      },
      fra: {
        title: 'Cinq réflexes pour protéger votre compte',
        summary: 'Un mot de passe unique, des coordonnées associées, et ne partagez jamais un code.',
        body: "Utilisez un mot de passe que vous n'utilisez nulle part ailleurs. Associez à la fois votre e-mail et votre téléphone. Ne communiquez jamais un code de vérification à qui que ce soit : notre équipe ne vous en demandera jamais.\n\nDéconnectez-vous sur les appareils partagés et, si quelque chose vous semble anormal, changez votre mot de passe : toutes les autres sessions prennent fin immédiatement.",
      },
      spa: {
        title: 'Cinco hábitos para mantener tu cuenta segura',
        summary: 'Contraseña única, contactos vinculados y nunca compartas un código.',
        body: 'Usa una contraseña que no utilices en ningún otro sitio. Vincula tanto tu correo electrónico como tu teléfono. Nunca le digas a nadie un código de verificación: nuestro personal nunca te lo pedirá.\n\nCierra sesión en los dispositivos compartidos y, si algo no parece correcto, cambia tu contraseña: todas las demás sesiones se cerrarán de inmediato.',
      },
      vi: {
        title: 'Năm thói quen giúp tài khoản của bạn an toàn',
        summary: 'Mật khẩu riêng, liên kết thông tin liên hệ và không bao giờ chia sẻ mã.',
        body: 'Hãy dùng mật khẩu mà bạn không dùng ở bất kỳ nơi nào khác. Liên kết cả email và số điện thoại của bạn. Không bao giờ cho ai biết mã xác minh: nhân viên của chúng tôi sẽ không bao giờ yêu cầu mã này.\n\nHãy đăng xuất trên các thiết bị dùng chung, và nếu thấy có điều gì bất thường, hãy đổi mật khẩu: mọi phiên đăng nhập khác sẽ kết thúc ngay lập tức.',
      },
    },
  },
  {
    key: 'news-hours',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 8,
    text: {
      en: {
        title: 'Stocks, forex and metals trade around the clock here',
        summary: 'Simulated markets do not close at night or on weekends.',
        body: "Because this server simulates its markets, stock, forex and metal pairs keep trading around the clock.\n\nA deployment connected to a real feed follows that feed's trading hours.",
      },
      zh: {
        title: '在这里，股票、外汇和贵金属全天候交易',
        summary: '模拟市场不会在夜间或周末休市。',
        body: '由于本服务器的市场是模拟的，股票、外汇和贵金属交易对会全天候持续交易。\n\n连接真实行情源的部署将遵循该行情源的交易时间。',
      },
      hk: {
        title: '在這裡，股票、外匯及貴金屬全天候交易',
        summary: '模擬市場不會在夜間或週末休市。',
        body: '由於本伺服器的市場為模擬市場，股票、外匯及貴金屬交易對會全天候持續交易。\n\n連接真實行情來源的部署，將依循該行情來源的交易時段。',
      },
      th: {
        title: 'ที่นี่ หุ้น ฟอเร็กซ์ และโลหะมีค่า เทรดได้ตลอดวันตลอดคืน',
        summary: 'ตลาดจำลองไม่ปิดทำการในเวลากลางคืนหรือวันหยุดสุดสัปดาห์',
        body: 'เนื่องจากเซิร์ฟเวอร์นี้จำลองตลาดขึ้นเอง คู่เทรดหุ้น ฟอเร็กซ์ และโลหะมีค่าจึงซื้อขายได้ต่อเนื่องตลอดวันตลอดคืน\n\nระบบที่เชื่อมต่อกับฟีดข้อมูลจริงจะเป็นไปตามเวลาทำการซื้อขายของฟีดนั้น',
      },
      jp: {
        title: '株式・FX・貴金属も、ここでは昼夜を問わず取引可能',
        summary: 'シミュレーションの市場は、夜間も週末も閉まりません。',
        body: 'このサーバーは市場をシミュレーションしているため、株式、FX、貴金属のペアも昼夜を問わず取引が続きます。\n\n実際のマーケットフィードに接続された環境では、そのフィードの取引時間に従います。',
      },
      kor: {
        title: '이곳에서는 주식, 외환, 귀금속도 밤낮없이 거래됩니다',
        summary: '시뮬레이션 시장은 야간이나 주말에도 문을 닫지 않습니다.',
        body: '이 서버는 시장을 시뮬레이션하므로 주식, 외환, 귀금속 페어도 밤낮없이 계속 거래됩니다.\n\n실제 데이터 피드에 연결된 배포 환경에서는 해당 피드의 거래 시간을 따릅니다.',
      },
      fra: {
        title: 'Ici, actions, forex et métaux se négocient jour et nuit',
        summary: 'Les marchés simulés ne ferment ni la nuit ni le week-end.',
        body: "Comme ce serveur simule ses marchés, les paires d'actions, de forex et de métaux continuent de se négocier jour et nuit.\n\nUn déploiement connecté à un flux réel suit les horaires de négociation de ce flux.",
      },
      spa: {
        title: 'Aquí, las acciones, el forex y los metales se negocian a todas horas',
        summary: 'Los mercados simulados no cierran por la noche ni los fines de semana.',
        body: 'Como este servidor simula sus mercados, los pares de acciones, forex y metales se siguen negociando a todas horas.\n\nUna implementación conectada a un flujo de datos real sigue el horario de negociación de ese flujo.',
      },
      vi: {
        title: 'Tại đây, cổ phiếu, ngoại hối và kim loại giao dịch suốt ngày đêm',
        summary: 'Thị trường mô phỏng không đóng cửa vào ban đêm hay cuối tuần.',
        body: 'Vì máy chủ này mô phỏng các thị trường của mình, các cặp cổ phiếu, ngoại hối và kim loại vẫn tiếp tục giao dịch suốt ngày đêm.\n\nBản triển khai kết nối với nguồn dữ liệu thật sẽ tuân theo giờ giao dịch của nguồn đó.',
      },
    },
  },
];
