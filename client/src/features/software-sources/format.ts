/** Labels of the source formats and of a source's state, shared by the users' pages. */
export const FORMAT_LABELS: Record<string, string> = { altstore: "AltStore", esign: "ESign", scarlet: "Scarlet" };

/** AltStore (1.6+) adds a source from this link; ESign and Scarlet take the copied address. */
export const altstoreLink = (url: string) => `altstore://source?url=${encodeURIComponent(url)}`;

/** yyyy-MM-dd in the viewer's zone, "" for none. */
export function formatDay(value: string | Date | null | undefined): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
