const SIZE_UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/**
 * File size for display: Bytes, KB, MB, GB with 2 decimals. A zero or missing size
 * shows `empty` ("未知" in lists, "0 Bytes" where a number is expected).
 */
export function formatFileSize(value: number | string | null | undefined, empty: "未知" | "0 Bytes" = "未知"): string {
  const bytes = typeof value === "string" ? Number(value) : value;
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return empty;
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  if (unit <= 0) return `${Math.round(bytes)} Bytes`;
  return `${(bytes / 1024 ** unit).toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** A price with 2 decimals ("0.00" when missing). */
export function formatPrice(value: number | string | null | undefined): string {
  const amount = typeof value === "string" ? Number(value) : value;
  return (amount !== null && amount !== undefined && Number.isFinite(amount) ? amount : 0).toFixed(2);
}

/** Dates arrive as ISO strings, Date objects, milliseconds or unix seconds. */
export function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value < 1e12 ? value * 1000 : value);
  return /^\d+$/.test(value) ? toDate(Number(value)) : new Date(value);
}

const pad = (n: number) => String(n).padStart(2, "0");

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of an instant in a time zone (IANA name), or in local time without one. */
function fields(d: Date, timeZone?: string): { y: number; m: number; day: number; h: number; min: number } {
  if (!timeZone)
    return { y: d.getFullYear(), m: d.getMonth() + 1, day: d.getDate(), h: d.getHours(), min: d.getMinutes() };
  let f = zonedFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    zonedFormats.set(timeZone, f);
  }
  const part = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, Number(p.value)]));
  return { y: part.year!, m: part.month!, day: part.day!, h: part.hour!, min: part.minute! };
}

/** "YYYY-MM-DD HH:mm" in `timeZone` (an IANA name such as the business time zone), else in local time. */
export function formatDateTime(value: Date | string | number | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === "") return "-";
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return "-";
  const f = fields(d, timeZone);
  return `${f.y}-${pad(f.m)}-${pad(f.day)} ${pad(f.h)}:${pad(f.min)}`;
}

const timeFormat = new Intl.DateTimeFormat("zh-CN", { hour: "2-digit", minute: "2-digit", hour12: false });
const dateTimeFormat = new Intl.DateTimeFormat("zh-CN", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** 刚刚 under a minute, N分钟前 under an hour, the time if today, else date and time (zh-CN). */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return "";
  const diff = now.getTime() - d.getTime();
  if (diff < 60_000) return "刚刚";
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)}分钟前`;
  const sameDay =
    d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? timeFormat.format(d) : dateTimeFormat.format(d);
}
