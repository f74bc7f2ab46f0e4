const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A chat message's time as the widget shows it: 刚刚 within a minute, N分钟前 within an hour, HH:mm earlier today,
 * MM-DD HH:mm earlier this year, YYYY-MM-DD HH:mm before that (the viewer's local time).
 */
export function chatTime(iso: string, now: Date = new Date()): string {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return "";
  const diff = now.getTime() - t.getTime();
  if (diff < 60_000) return "刚刚";
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)}分钟前`;
  const hm = `${pad(t.getHours())}:${pad(t.getMinutes())}`;
  if (t.toDateString() === now.toDateString()) return hm;
  const md = `${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${hm}`;
  return t.getFullYear() === now.getFullYear() ? md : `${t.getFullYear()}-${md}`;
}

/** The badge's text: the count, 99+ above 99, nothing at 0. */
export function badgeText(unread: number): string {
  if (unread <= 0) return "";
  return unread > 99 ? "99+" : String(unread);
}
