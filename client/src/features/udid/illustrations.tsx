import type { ReactNode } from "react";

/**
 * Drawings of the iPhone screens the UDID steps go through (inline SVG, themed with the site's primary colour):
 * Safari asking to allow the download, Settings with 已下载描述文件, the install screen, and the result page.
 */

const P = "var(--theme-primary, #1677ff)";
const INK = "#1f2329";
const MUTED = "#8a919f";
const LINE = "#e5e8ef";

/** An iPhone outline with a Dynamic Island and a status bar; `children` draw the screen (180 × 360 units). */
function Phone({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 180 360"
      role="img"
      aria-label={label}
      width="100%"
      height="100%"
      style={{ maxWidth: 150, display: "block", margin: "0 auto" }}
    >
      <rect x="2" y="2" width="176" height="356" rx="30" fill="#11151c" />
      <rect x="8" y="8" width="164" height="344" rx="25" fill="#f6f7fb" />
      <rect x="66" y="15" width="48" height="13" rx="6.5" fill="#11151c" />
      <text x="24" y="26" fontSize="9" fontWeight="600" fill={INK}>
        9:41
      </text>
      <rect x="142" y="19" width="16" height="8" rx="2" fill="none" stroke={INK} strokeWidth="1" />
      <rect x="143.5" y="20.5" width="11" height="5" rx="1" fill={INK} />
      {children}
      <rect x="62" y="340" width="56" height="4" rx="2" fill="#11151c" />
    </svg>
  );
}

/** Step 1: Safari asks whether to allow the configuration profile's download. */
export function SafariAllowDrawing() {
  return (
    <Phone label="Safari 提示允许下载配置描述文件">
      <rect x="8" y="36" width="164" height="260" fill="#fff" />
      <rect x="20" y="48" width="140" height="10" rx="5" fill={LINE} />
      <rect x="20" y="66" width="96" height="8" rx="4" fill={LINE} />
      <rect x="20" y="86" width="140" height="44" rx="8" fill={P} opacity="0.16" />
      <rect x="34" y="101" width="112" height="14" rx="7" fill={P} />
      <text x="90" y="111" fontSize="8" fill="#fff" textAnchor="middle">
        获取设备信息
      </text>
      <rect x="8" y="36" width="164" height="304" fill="#000" opacity="0.28" />
      <rect x="24" y="138" width="132" height="96" rx="12" fill="#f2f3f7" />
      <text x="90" y="160" fontSize="8.5" fontWeight="700" fill={INK} textAnchor="middle">
        此网站正尝试下载一个
      </text>
      <text x="90" y="172" fontSize="8.5" fontWeight="700" fill={INK} textAnchor="middle">
        配置描述文件。
      </text>
      <text x="90" y="186" fontSize="7.5" fill={MUTED} textAnchor="middle">
        您要允许吗？
      </text>
      <line x1="24" y1="202" x2="156" y2="202" stroke="#d5d8e0" />
      <line x1="90" y1="202" x2="90" y2="234" stroke="#d5d8e0" />
      <text x="57" y="222" fontSize="9" fill="#2f7cf6" textAnchor="middle">
        忽略
      </text>
      <rect x="96" y="207" width="54" height="22" rx="6" fill={P} opacity="0.16" />
      <text x="123" y="222" fontSize="9" fontWeight="700" fill="#2f7cf6" textAnchor="middle">
        允许
      </text>
      <rect x="8" y="296" width="164" height="44" fill="#f6f7fb" />
      <rect x="20" y="304" width="140" height="18" rx="9" fill="#e9ebf0" />
      <text x="90" y="316" fontSize="7" fill={MUTED} textAnchor="middle">
        本站网址
      </text>
    </Phone>
  );
}

function SettingsRow({
  y,
  color,
  text,
  strong,
  badge,
}: {
  y: number;
  color: string;
  text: string;
  strong?: boolean;
  badge?: boolean;
}) {
  return (
    <g>
      {strong && <rect x="14" y={y - 4} width="152" height="28" rx="8" fill={P} opacity="0.14" />}
      <rect x="22" y={y + 2} width="16" height="16" rx="4" fill={color} />
      <text x="46" y={y + 14} fontSize="8.5" fontWeight={strong ? 700 : 400} fill={INK}>
        {text}
      </text>
      {badge && <circle cx="146" cy={y + 10} r="5" fill="#ff3b30" />}
      <path d={`M154 ${y + 6} l4 4 l-4 4`} stroke={MUTED} strokeWidth="1.2" fill="none" />
    </g>
  );
}

/** Step 2: Settings shows 已下载描述文件 right below the Apple ID. */
export function SettingsDrawing() {
  return (
    <Phone label="设置中的已下载描述文件">
      <text x="20" y="58" fontSize="15" fontWeight="700" fill={INK}>
        设置
      </text>
      <rect x="14" y="70" width="152" height="40" rx="10" fill="#fff" />
      <circle cx="34" cy="90" r="12" fill="#c9ced8" />
      <rect x="52" y="82" width="60" height="7" rx="3.5" fill={LINE} />
      <rect x="52" y="94" width="84" height="6" rx="3" fill={LINE} />
      <rect x="14" y="120" width="152" height="32" rx="10" fill="#fff" />
      <SettingsRow y={124} color="#8e8e93" text="已下载描述文件" strong badge />
      <rect x="14" y="162" width="152" height="120" rx="10" fill="#fff" />
      <SettingsRow y={166} color="#ff9500" text="飞行模式" />
      <SettingsRow y={194} color="#007aff" text="无线局域网" />
      <SettingsRow y={222} color="#007aff" text="蓝牙" />
      <SettingsRow y={250} color="#34c759" text="蜂窝网络" />
    </Phone>
  );
}

/** Step 3: the profile's install screen, 安装 in the top right, then the passcode. */
export function InstallDrawing() {
  return (
    <Phone label="安装描述文件页面">
      <text x="20" y="54" fontSize="8.5" fill="#2f7cf6">
        取消
      </text>
      <text x="90" y="54" fontSize="8.5" fontWeight="700" fill={INK} textAnchor="middle">
        安装描述文件
      </text>
      <rect x="132" y="42" width="34" height="18" rx="6" fill={P} opacity="0.16" />
      <text x="149" y="54" fontSize="8.5" fontWeight="700" fill="#2f7cf6" textAnchor="middle">
        安装
      </text>
      <rect x="14" y="70" width="152" height="64" rx="10" fill="#fff" />
      <rect x="24" y="80" width="30" height="30" rx="7" fill="#8e8e93" />
      <path d="M33 95 h12 M39 89 v12" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <text x="62" y="92" fontSize="8.5" fontWeight="700" fill={INK}>
        获取设备UDID
      </text>
      <text x="62" y="105" fontSize="7" fill={MUTED}>
        本站
      </text>
      <text x="24" y="126" fontSize="7" fill="#34c759">
        ✓ 已验证
      </text>
      <rect x="14" y="144" width="152" height="74" rx="10" fill="#fff" />
      <text x="24" y="162" fontSize="7" fill={MUTED}>
        描述
      </text>
      <rect x="60" y="156" width="96" height="6" rx="3" fill={LINE} />
      <text x="24" y="182" fontSize="7" fill={MUTED}>
        包含
      </text>
      <text x="60" y="182" fontSize="7" fill={INK}>
        设备注册
      </text>
      <text x="24" y="204" fontSize="7" fill={MUTED}>
        更多详细信息
      </text>
      <rect x="34" y="236" width="112" height="50" rx="10" fill="#fff" />
      <text x="90" y="254" fontSize="7.5" fill={INK} textAnchor="middle">
        输入锁屏密码
      </text>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <circle key={i} cx={60 + i * 12} cy={272} r="3.5" fill={i < 4 ? INK : "none"} stroke={INK} strokeWidth="1" />
      ))}
    </Phone>
  );
}

/** Step 4: back on the site, the UDID with a copy button. */
export function ReceivedDrawing() {
  return (
    <Phone label="获取成功后返回本站显示 UDID">
      <rect x="8" y="36" width="164" height="304" fill="#fff" />
      <circle cx="90" cy="84" r="22" fill="#34c759" opacity="0.15" />
      <path
        d="M79 84 l8 8 l14 -16"
        stroke="#34c759"
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="90" y="126" fontSize="10" fontWeight="700" fill={INK} textAnchor="middle">
        设备信息获取成功
      </text>
      <rect x="20" y="140" width="140" height="58" rx="10" fill="#f4f6fb" />
      <text x="30" y="156" fontSize="7" fill={MUTED}>
        UDID
      </text>
      <text x="30" y="172" fontSize="7" fontFamily="monospace" fill={INK}>
        00008120-001A35E0
      </text>
      <text x="30" y="184" fontSize="7" fontFamily="monospace" fill={INK}>
        3C12802E
      </text>
      <rect x="118" y="164" width="32" height="18" rx="9" fill={P} />
      <text x="134" y="176" fontSize="7.5" fill="#fff" textAnchor="middle">
        复制
      </text>
      <text x="30" y="218" fontSize="7" fill={MUTED}>
        设备型号
      </text>
      <text x="150" y="218" fontSize="7" fill={INK} textAnchor="end">
        iPhone 15 Pro
      </text>
      <rect x="20" y="246" width="140" height="26" rx="13" fill={P} />
      <text x="90" y="262" fontSize="8.5" fontWeight="700" fill="#fff" textAnchor="middle">
        继续
      </text>
    </Phone>
  );
}

/** The tip's small picture: a phone with a profile badge. */
export function TipDrawing() {
  return (
    <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" style={{ display: "block", margin: "0 auto" }}>
      <circle cx="60" cy="48" r="44" fill={P} opacity="0.1" />
      <rect x="40" y="12" width="40" height="74" rx="9" fill="#11151c" />
      <rect x="43" y="15" width="34" height="68" rx="7" fill="#fff" />
      <rect x="53" y="18" width="14" height="4" rx="2" fill="#11151c" />
      <rect x="48" y="32" width="24" height="5" rx="2.5" fill={LINE} />
      <rect x="48" y="42" width="18" height="5" rx="2.5" fill={LINE} />
      <circle cx="80" cy="66" r="14" fill={P} />
      <path
        d="M74 66 l4 4 l8 -9"
        stroke="#fff"
        strokeWidth="2.6"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
