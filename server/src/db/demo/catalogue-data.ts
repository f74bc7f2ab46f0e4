import type { Glyph } from "../../common/icon-art";

/** Word lists the demo catalogue is assembled from: brands × products, each product in a category with a pictogram. */
export const BRANDS: [string, string][] = [
  ["星河", "xinghe"],
  ["极光", "jiguang"],
  ["轻风", "qingfeng"],
  ["云朵", "yunduo"],
  ["闪电", "shandian"],
  ["口袋", "koudai"],
  ["像素", "xiangsu"],
  ["青柠", "qingning"],
  ["橘子", "juzi"],
  ["熊猫", "xiongmao"],
  ["小蓝", "xiaolan"],
  ["指尖", "zhijian"],
  ["飞鱼", "feiyu"],
  ["晨光", "chenguang"],
  ["蜂鸟", "fengniao"],
  ["墨水", "moshui"],
  ["火箭", "huojian"],
  ["海豚", "haitun"],
  ["可乐", "kele"],
  ["米粒", "mili"],
];

export interface Product {
  name: string;
  slug: string;
  glyph: Glyph;
  /** What it does, one clause. */
  feature: string;
  keywords: string;
}

export const CATEGORY_PRODUCTS: { name: string; display: string; weigh: number; products: Product[] }[] = [
  {
    name: "游戏",
    display: "游戏",
    weigh: 90,
    products: [
      {
        name: "跑酷",
        slug: "runner",
        glyph: "game",
        feature: "上百个关卡随心跑，支持手柄与离线游玩",
        keywords: "跑酷 休闲 单机",
      },
      {
        name: "消消乐",
        slug: "match",
        glyph: "star",
        feature: "轻松三消闯关，每日更新挑战",
        keywords: "消除 休闲 益智",
      },
      {
        name: "赛车",
        slug: "racing",
        glyph: "bolt",
        feature: "真实物理引擎与多人实时对战",
        keywords: "赛车 竞速 联机",
      },
      {
        name: "象棋",
        slug: "chess",
        glyph: "grid",
        feature: "人机对弈、残局闯关与好友对战",
        keywords: "象棋 棋牌 益智",
      },
      {
        name: "塔防",
        slug: "towerdefense",
        glyph: "shield",
        feature: "百种防御塔自由搭配，策略烧脑",
        keywords: "塔防 策略 单机",
      },
      {
        name: "钓鱼",
        slug: "fishing",
        glyph: "pin",
        feature: "全国钓点实景还原，轻松解压",
        keywords: "钓鱼 休闲 模拟",
      },
    ],
  },
  {
    name: "工具",
    display: "实用工具",
    weigh: 80,
    products: [
      {
        name: "扫描王",
        slug: "scanner",
        glyph: "camera",
        feature: "文档扫描、文字识别与 PDF 导出",
        keywords: "扫描 OCR PDF",
      },
      {
        name: "清理大师",
        slug: "cleaner",
        glyph: "bolt",
        feature: "一键清理重复照片和大文件，释放空间",
        keywords: "清理 存储 相册",
      },
      {
        name: "翻译",
        slug: "translate",
        glyph: "globe",
        feature: "拍照、语音、文本翻译，支持 100 多种语言",
        keywords: "翻译 英语 语音",
      },
      {
        name: "天气",
        slug: "weather",
        glyph: "cloud",
        feature: "分钟级降水预报与 15 天天气趋势",
        keywords: "天气 预报 空气质量",
      },
      {
        name: "测速",
        slug: "speedtest",
        glyph: "bars",
        feature: "测试网络延迟、下载与上传速度",
        keywords: "测速 网络 WiFi",
      },
      {
        name: "解压",
        slug: "unzip",
        glyph: "grid",
        feature: "支持 zip、rar、7z 等格式的解压与预览",
        keywords: "解压 压缩 文件",
      },
    ],
  },
  {
    name: "影音",
    display: "影音娱乐",
    weigh: 70,
    products: [
      {
        name: "视频",
        slug: "video",
        glyph: "play",
        feature: "海量高清影视，支持倍速与画中画",
        keywords: "视频 影视 播放器",
      },
      {
        name: "音乐",
        slug: "music",
        glyph: "music",
        feature: "千万曲库与无损音质，智能推荐每日歌单",
        keywords: "音乐 歌单 无损",
      },
      {
        name: "播客",
        slug: "podcast",
        glyph: "music",
        feature: "精选中文播客，离线下载随时收听",
        keywords: "播客 电台 有声书",
      },
      {
        name: "剪辑",
        slug: "editor",
        glyph: "play",
        feature: "多轨剪辑、字幕识别与一键成片",
        keywords: "剪辑 视频 字幕",
      },
      {
        name: "K歌",
        slug: "karaoke",
        glyph: "music",
        feature: "专业混响与实时打分，和好友合唱",
        keywords: "K歌 唱歌 录音",
      },
    ],
  },
  {
    name: "社交",
    display: "社交通讯",
    weigh: 60,
    products: [
      {
        name: "聊天",
        slug: "chat",
        glyph: "chat",
        feature: "端到端加密的即时通讯，支持语音视频",
        keywords: "聊天 通讯 加密",
      },
      {
        name: "社区",
        slug: "community",
        glyph: "chat",
        feature: "发现同好圈子，分享生活点滴",
        keywords: "社区 兴趣 分享",
      },
      {
        name: "交友",
        slug: "friends",
        glyph: "heart",
        feature: "同城兴趣匹配，认识有趣的人",
        keywords: "交友 同城 兴趣",
      },
    ],
  },
  {
    name: "摄影",
    display: "摄影美化",
    weigh: 50,
    products: [
      { name: "相机", slug: "camera", glyph: "camera", feature: "专业手动模式与 RAW 拍摄", keywords: "相机 拍照 RAW" },
      {
        name: "修图",
        slug: "retouch",
        glyph: "star",
        feature: "曲线、HSL 与局部调整，一键同步预设",
        keywords: "修图 调色 滤镜",
      },
      { name: "滤镜", slug: "filters", glyph: "star", feature: "胶片质感滤镜与实时预览", keywords: "滤镜 胶片 相机" },
    ],
  },
  {
    name: "学习",
    display: "学习教育",
    weigh: 40,
    products: [
      {
        name: "背单词",
        slug: "words",
        glyph: "book",
        feature: "科学记忆曲线，四六级考研词库齐全",
        keywords: "单词 英语 考试",
      },
      { name: "词典", slug: "dict", glyph: "book", feature: "权威词典离线查询，支持划词", keywords: "词典 英语 离线" },
      {
        name: "阅读",
        slug: "reader",
        glyph: "book",
        feature: "支持 EPUB、TXT 与 PDF 的沉浸式阅读器",
        keywords: "阅读 电子书 小说",
      },
      { name: "课堂", slug: "classroom", glyph: "globe", feature: "名师直播课与错题本", keywords: "课堂 网课 学习" },
    ],
  },
  {
    name: "效率",
    display: "效率办公",
    weigh: 30,
    products: [
      {
        name: "笔记",
        slug: "notes",
        glyph: "book",
        feature: "Markdown 笔记与多端同步",
        keywords: "笔记 Markdown 同步",
      },
      {
        name: "记账",
        slug: "ledger",
        glyph: "wallet",
        feature: "语音记账、预算提醒与月度报表",
        keywords: "记账 理财 预算",
      },
      {
        name: "网盘",
        slug: "drive",
        glyph: "cloud",
        feature: "大文件极速上传，照片自动备份",
        keywords: "网盘 备份 云存储",
      },
      {
        name: "浏览器",
        slug: "browser",
        glyph: "globe",
        feature: "无广告极速浏览与视频嗅探下载",
        keywords: "浏览器 下载 无广告",
      },
      { name: "地图", slug: "maps", glyph: "pin", feature: "实时路况、骑行与步行导航", keywords: "地图 导航 出行" },
      {
        name: "密码管家",
        slug: "vault",
        glyph: "shield",
        feature: "本地加密保存账号密码，自动填充",
        keywords: "密码 安全 自动填充",
      },
    ],
  },
];

export const DYLIBS: { name: string; glyph: Glyph; category: string; tags: string[]; feature: string }[] = [
  {
    name: "广告净化插件",
    glyph: "shield",
    category: "工具",
    tags: ["去广告", "免越狱", "净化"],
    feature: "屏蔽开屏与信息流广告",
  },
  {
    name: "视频倍速增强",
    glyph: "play",
    category: "影音",
    tags: ["倍速", "画中画", "增强"],
    feature: "为常见播放器加入 0.5–3 倍速与画中画",
  },
  {
    name: "微信防撤回",
    glyph: "chat",
    category: "社交",
    tags: ["防撤回", "消息", "社交"],
    feature: "保留被撤回的消息并标注提示",
  },
  {
    name: "虚拟定位",
    glyph: "pin",
    category: "工具",
    tags: ["定位", "模拟", "地图"],
    feature: "在地图上任意选点，模拟所在位置",
  },
  {
    name: "网易云解锁",
    glyph: "music",
    category: "影音",
    tags: ["音乐", "解锁", "会员"],
    feature: "解锁灰色歌曲并提升下载音质",
  },
  {
    name: "抖音去水印",
    glyph: "play",
    category: "影音",
    tags: ["去水印", "下载", "短视频"],
    feature: "保存无水印视频与原声",
  },
  {
    name: "游戏加速器",
    glyph: "bolt",
    category: "游戏",
    tags: ["加速", "变速", "游戏"],
    feature: "为单机游戏提供 0.5–10 倍变速",
  },
  {
    name: "字体替换",
    glyph: "book",
    category: "美化",
    tags: ["字体", "美化", "主题"],
    feature: "在应用内使用自定义字体",
  },
  {
    name: "截图增强",
    glyph: "camera",
    category: "工具",
    tags: ["截图", "长截图", "标注"],
    feature: "长截图、马赛克与快速标注",
  },
  {
    name: "键盘增强",
    glyph: "grid",
    category: "工具",
    tags: ["键盘", "输入法", "效率"],
    feature: "光标滑动、剪贴板历史与快捷短语",
  },
  {
    name: "深色模式补全",
    glyph: "star",
    category: "美化",
    tags: ["深色", "夜间", "美化"],
    feature: "为未适配的应用强制开启深色模式",
  },
  {
    name: "录屏助手",
    glyph: "play",
    category: "工具",
    tags: ["录屏", "内录", "直播"],
    feature: "内录声音并去除录屏红条",
  },
  { name: "步数修改", glyph: "bars", category: "工具", tags: ["健康", "步数", "运动"], feature: "自定义写入健康步数" },
  {
    name: "多开助手",
    glyph: "grid",
    category: "社交",
    tags: ["多开", "分身", "账号"],
    feature: "同一应用安装多个独立副本",
  },
  {
    name: "下载管理器",
    glyph: "cloud",
    category: "工具",
    tags: ["下载", "断点续传", "文件"],
    feature: "断点续传与后台下载队列",
  },
  {
    name: "图标主题包",
    glyph: "heart",
    category: "美化",
    tags: ["图标", "主题", "美化"],
    feature: "替换应用图标与主屏排布",
  },
];
export const DYLIB_AUTHORS = ["果仁开发组", "ZeroDev", "Lumina", "iOS 小站", "Tweak 工作室", "阿狸插件"];

export const RESOURCES: { name: string; glyph: Glyph; feature: string }[] = [
  { name: "高清壁纸合集", glyph: "camera", feature: "精选 4K 壁纸，按季节与主题分类" },
  { name: "经典游戏存档包", glyph: "game", feature: "常见单机游戏的全收集存档" },
  { name: "中文字体包", glyph: "book", feature: "二十款可商用中文字体" },
  { name: "铃声合集", glyph: "music", feature: "热门歌曲高潮片段铃声" },
  { name: "快捷指令合集", glyph: "bolt", feature: "上百条实用快捷指令，一键导入" },
  { name: "考研资料包", glyph: "book", feature: "历年真题与名师讲义" },
  { name: "图标素材库", glyph: "grid", feature: "矢量图标与启动图模板" },
  { name: "动态壁纸包", glyph: "play", feature: "Live Photo 动态壁纸" },
  { name: "小组件主题", glyph: "star", feature: "桌面小组件配色与模板" },
  { name: "输入法皮肤", glyph: "heart", feature: "第三方输入法皮肤合集" },
  { name: "离线地图包", glyph: "pin", feature: "全国主要城市离线地图数据" },
  { name: "有声书合集", glyph: "music", feature: "经典文学有声书" },
];

export const BANNERS = [
  { title: "新用户专享：签名首单立减", alt: "新用户签名优惠" },
  { title: "本周精选应用上新", alt: "本周精选" },
  { title: "证书商城 · 稳定不掉签", alt: "证书商城" },
  { title: "动态库插件一站式管理", alt: "动态库插件" },
];

export const ANNOUNCEMENTS = [
  {
    title: "欢迎来到果仁应用",
    content:
      "果仁应用提供精选 iOS 应用、资源分享与在线签名服务。登录后即可购买证书、绑定设备并安装应用。有任何问题，点击右下角的在线客服或加入官方 QQ 群。",
  },
  {
    title: "在线签名服务升级",
    content: "签名队列已升级，大文件签名速度提升约一倍。签名完成后可直接在手机上安装，无需电脑。",
  },
  {
    title: "关于证书掉签的说明",
    content:
      "如遇应用闪退或无法打开，可能是证书被苹果撤销。请在「证书管理」中检测证书状态，失效证书可在售后期内免费补签。",
  },
  {
    title: "春节期间客服时间调整",
    content: "春节期间在线客服工作时间为每日 10:00–18:00，其余时间请留言，我们会尽快回复。",
  },
  {
    title: "新增动态库分类",
    content: "动态库插件现已单独成类，可在首页分类栏中选择「动态库」浏览，并在签名时一键注入。",
  },
];

export const QQ_GROUPS = [
  { name: "果仁应用官方 1 群", number: "735102846" },
  { name: "果仁应用官方 2 群", number: "864219375" },
  { name: "签名技术交流群", number: "918273645" },
];

/**
 * Second sentences of the demo descriptions, picked per item so no two neighbours read alike ({brand} and {min} are
 * filled in). Every demo item carries a real package (demo-packages.ts), so the texts may promise it installs.
 */
export const APP_BLURBS = [
  "{brand}团队持续打磨多年，界面简洁、运行流畅。",
  "新版优化了启动速度与耗电，老机型也能顺畅使用。",
  "无广告、无弹窗，核心功能全部免费开放。",
  "支持 iOS {min} 及以上版本，iPhone 与 iPad 均可安装。",
  "深色模式、动态字体与小组件全面适配。",
  "数据仅保存在本机，可随时导出备份。",
  "上手即会，首次打开有简短的新手引导。",
  "每周更新，用户反馈在一周内响应。",
];
export const APP_CLOSERS = [
  "签名后即可安装使用。",
  "购买后可在线签名，几分钟内装到手机上。",
  "在「签名IPA」中选择本应用即可签名安装。",
  "可搭配动态库插件一起签名。",
  "",
];
export const DYLIB_BLURBS = [
  "签名时在「注入插件」中勾选即可，无需越狱。",
  "注入后首次启动生效，设置入口在应用的「我的」页。",
  "体积小、无后台常驻，对耗电几乎没有影响。",
  "适配主流版本，如遇不兼容请联系作者反馈。",
];
export const RESOURCE_BLURBS = ["持续更新", "下载后即可使用", "附使用说明", "编辑精选，已去重整理", "每月补充新内容"];
